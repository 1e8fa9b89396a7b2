import { BrowserRouter, useRoutes } from 'react-router-dom';
import { routes } from './routes';

function Screens() {
  return useRoutes(routes);
}

/**
 * The router in declarative mode: the console loads no data through the router (screens query
 * GraphQL themselves), and the data router's machinery would add about 17 kB gzipped to the
 * first screen. Errors are caught by the routes' own boundaries (see RouteError.tsx).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Screens />
    </BrowserRouter>
  );
}
