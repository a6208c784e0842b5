/**
 * The route table (spec 1 §2): the shells and the pages they hold. Pages of later features are
 * added to signed-in-routes.tsx (and their navigation entries to shell/navigation-items.ts) when
 * they exist; unknown paths get the 404.
 */
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../features/errors/not-found-page';
import { lazyPage } from './lazy-page';
import { RootLayout } from './root-layout';
import { signedInRoutes } from './signed-in-routes';
import { SignedInRoutesContext } from './signed-in-routes-context';
import { signedOutRoutes } from './signed-out-routes';

// Each shell is its own chunk: the login screen does not download the signed-in shell (side
// navigation, notifications, live updates) and a session does not download the signed-out one.
const SignedOutShell = lazyPage(() => import('./shell/signed-out-shell'), 'SignedOutShell');
const SessionShell = lazyPage(() => import('./shell/link-share-shell'), 'SessionShell');

export const routes: RouteObject[] = [
  {
    element: (
      <SignedInRoutesContext value={signedInRoutes}>
        <RootLayout />
      </SignedInRoutesContext>
    ),
    children: [
      { element: <SignedOutShell />, children: signedOutRoutes },
      {
        element: <SessionShell />,
        children: [
          ...signedInRoutes,
          { path: '*', element: <NotFoundPage />, handle: { title: 'notFound.title' } },
        ],
      },
    ],
  },
];
