/**
 * A `<Navigate replace>` for redirects that wait for data (a project's default view): it redirects
 * only while the browser is still at the page this route was rendered for. React Router puts a
 * newer navigation in the address bar at once but renders it later (its page's code may still be
 * loading); a redirect that fires meanwhile would replace the user's newer choice with the old page.
 * The address is checked again when the redirect runs, after the render: a render in a transition
 * may run its effects only after the browser has painted, and a click on a link between the two
 * (the sidebar's, as the redirect's page appears) is the user's newer choice too.
 *
 * The query and hash go along to the new address: a shared link's filter (`/projects/1?filter=…`)
 * opens the default view filtered, and a filter typed in the view shown while the redirect waits
 * (a project page keeps its remembered view as backdrop) is not dropped by it.
 */
import { useEffect } from 'react';
import { useHref, useLocation, useNavigate } from 'react-router';

export function RedirectUnlessMovedOn({ to }: { to: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const here = useHref({ pathname });
  useEffect(() => {
    if (window.location.pathname !== here) return;
    const { search, hash } = window.location;
    navigate({ pathname: to, search, hash }, { replace: true });
  }, [here, to, navigate]);
  return null;
}
