import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/Providers';
import { AppRouter } from './app/AppRouter';
import { takeHandoffFromAddress } from '@/features/auth/signInHandoff';
import { hasPrerenderedPage } from '@/lib/prerendered';

// Before anything renders or is requested: a sign-in hand-off's token leaves the address bar.
takeHandoffFromAddress();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = createRoot(root);
const render = () =>
  app.render(
    <StrictMode>
      <Providers>
        <AppRouter />
      </Providers>
    </StrictMode>,
  );
// A page that arrived as ready HTML is on screen and usable already: the app draws its own in a
// transition, in slices between which the browser stays free to take the person's typing and
// clicks, and takes the page over once drawn (lib/prerendered.ts). Otherwise nothing shows yet,
// and the app draws at once.
if (hasPrerenderedPage()) startTransition(render);
else render();
