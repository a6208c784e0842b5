/**
 * A `<Navigate replace>` for redirects that wait for data (a project's default view): it redirects
 * only while the browser is still at the address this route was rendered for. React Router puts a
 * newer navigation in the address bar at once but renders it later (its page's code may still be
 * loading); a redirect that fires meanwhile would replace the user's newer choice with the old page.
 */
import { Navigate, useHref, useLocation } from 'react-router';

export function RedirectUnlessMovedOn({ to }: { to: string }) {
  const location = useLocation();
  const here = useHref({ pathname: location.pathname, search: location.search });
  const browserAt = window.location.pathname + window.location.search;
  if (browserAt !== here) return null;
  return <Navigate to={to} replace />;
}
