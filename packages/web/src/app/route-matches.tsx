/**
 * The route table drawn at the address, and the routes it matches (for the document title,
 * route-title.ts). The app uses React Router's declarative router (BrowserRouter, useRoutes)
 * rather than its data router: loaders, actions and fetchers are about 17 KB gzip of the first
 * download that the app has no use for. What it took from the data router, the matched routes'
 * handles and the error screen, is here and in route-error.tsx.
 */
import { createContext, use, useMemo } from 'react';
import { matchRoutes, type RouteMatch, type RouteObject, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './route-error';

const RouteMatchesContext = createContext<readonly RouteMatch[]>([]);

/** The routes the address matches, outermost first. */
export function useRouteMatches(): readonly RouteMatch[] {
  return use(RouteMatchesContext);
}

export function RoutesWithMatches({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const { pathname } = location;
  const matches = useMemo(() => matchRoutes(routes, pathname) ?? [], [routes, pathname]);
  const element = useRoutes(routes, location);
  return (
    <RouteMatchesContext value={matches}>
      <RouteErrorBoundary pathname={pathname}>{element}</RouteErrorBoundary>
    </RouteMatchesContext>
  );
}
