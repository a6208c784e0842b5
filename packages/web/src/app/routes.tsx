/**
 * The route table (spec 1 §2): the shells and the pages they hold. Pages of later features are
 * added to signed-in-routes.tsx (and their navigation entries to shell/navigation-items.ts) when
 * they exist; unknown paths get the 404.
 */
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '../features/errors/not-found-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { SessionShell } from './shell/link-share-shell';
import { SignedOutShell } from './shell/signed-out-shell';
import { signedInRoutes } from './signed-in-routes';
import { signedOutRoutes } from './signed-out-routes';

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
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
