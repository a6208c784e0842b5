/**
 * The signed-in page outlet, with modal routes over a backdrop (spec 2 §2: the task detail opens
 * as a modal over the page it was opened from). A link that wants that passes
 * `state: { backdrop: location }`; the backdrop page then keeps rendering under the modal route,
 * with its own location, and the modal route renders on top. Opened directly (no state), the
 * modal route renders as a page.
 */
import { use } from 'react';
import { type Location, Outlet, useLocation, useRoutes } from 'react-router';
import { backdropOf } from './backdrop-state';
import { SignedInRoutesContext } from './signed-in-routes-context';

function BackdropPage({ location }: { location: Location }) {
  return useRoutes(use(SignedInRoutesContext), location);
}

export function BackdropOutlet() {
  const backdrop = backdropOf(useLocation());
  if (!backdrop) return <Outlet />;
  return (
    <>
      <BackdropPage location={backdrop} />
      <Outlet />
    </>
  );
}
