/**
 * The signed-in page outlet, with modal routes over a backdrop (spec 2 §2: the task detail opens
 * as a modal over the page it was opened from). A link that wants that passes
 * `state: { backdrop: location }`; the backdrop page then keeps rendering under the modal route,
 * with its own location, and the modal route renders on top. Opened directly (no state), the
 * modal route renders as a page.
 *
 * The page is drawn from the route table in the same place whether a modal is over it or not, so
 * opening and closing a task's detail keeps it as it was (its selection, scroll and focus) instead
 * of drawing it anew each time.
 */
import { use } from 'react';
import { Outlet, useLocation, useRoutes } from 'react-router';
import { backdropOf } from './backdrop-state';
import { SignedInRoutesContext } from './signed-in-routes-context';

export function BackdropOutlet() {
  const location = useLocation();
  const backdrop = backdropOf(location);
  const page = useRoutes(use(SignedInRoutesContext), backdrop ?? location);
  // An address the table does not hold: the shell's own routes (the 404) answer it.
  if (!page) return <Outlet />;
  return (
    <>
      {page}
      {backdrop && <Outlet />}
    </>
  );
}
