import { BrowserRouter, useRoutes } from 'react-router-dom';
import { routes } from './routes';
import { usePreloadScreens } from './usePreloadScreens';

function Screens() {
  usePreloadScreens(routes);
  return useRoutes(routes);
}

/**
 * The router in declarative mode: the console loads no data through the router (screens query
 * GraphQL themselves), and the data router's machinery would add about 17 kB gzipped to the
 * first screen. Errors are caught by the routes' own boundaries (see RouteError.tsx).
 *
 * A link shows its screen at once, or the screen's loading state while its code comes: never the
 * page the person is leaving, which would take their typing and then drop it. (In a transition,
 * React Router's default, React keeps the old page on screen until the new one is ready.)
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <Screens />
    </BrowserRouter>
  );
}
