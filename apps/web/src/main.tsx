import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/Providers';
import { AppRouter } from './app/AppRouter';
import { routes } from './app/routes';
import { preloadLanding } from './app/usePreloadScreens';
import { takeHandoffFromAddress } from '@/features/auth/signInHandoff';
import { createApolloClient } from '@/lib/apollo';
import { hasPrerenderedPage } from '@/lib/prerendered';

/** The longest a signed-in page stays blank while its session is checked, before it shows a spinner. */
const SESSION_WAIT_MS = 1_000;

// Before anything renders or is requested: a sign-in hand-off's token leaves the address bar.
takeHandoffFromAddress();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// One client for the page's lifetime.
const client = createApolloClient();
// A page opened on a signed-in screen asks for the session, the frame's and the screen's code and
// the screen's data now, all at once, before anything is drawn.
const session = preloadLanding(routes, client);

const app = createRoot(root);
const render = () =>
  app.render(
    <StrictMode>
      <Providers client={client}>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
// A signed-in screen is drawn once the session is known, frame and screen at once, rather than a
// spinner first and then all of it again (each a long task on a slow phone); a session that takes
// longer than SESSION_WAIT_MS gets the spinner meanwhile. A page that arrived as ready HTML (a
// public page's form, a signed-in page's frame) is on screen already: the app draws its own in a
// transition, in slices between which the browser stays free to take the person's typing and
// clicks, and takes the page over once drawn (lib/prerendered.ts, ShellView). Otherwise the app
// draws at once.
const drawnAhead = hasPrerenderedPage();
if (session)
  void Promise.race([session, new Promise((resolve) => setTimeout(resolve, SESSION_WAIT_MS))]).then(() =>
    drawnAhead ? startTransition(render) : render(),
  );
else if (drawnAhead) startTransition(render);
else render();
