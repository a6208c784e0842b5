/**
 * A `<Navigate replace>` for redirects that wait for data (a project's default view): it redirects
 * only while the browser is still at the address this route was rendered for. React Router puts a
 * newer navigation in the address bar at once but renders it later (its page's code may still be
 * loading); a redirect that fires meanwhile would replace the user's newer choice with the old page.
 * The address is checked again when the redirect runs, after the render: a render in a transition
 * may run its effects only after the browser has painted, and a click on a link between the two
 * (the sidebar's, as the redirect's page appears) is the user's newer choice too.
 */
import { useEffect } from 'react';
import { useHref, useLocation, useNavigate } from 'react-router';

function browserAt(): string {
  return window.location.pathname + window.location.search;
}

export function RedirectUnlessMovedOn({ to }: { to: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const here = useHref({ pathname: location.pathname, search: location.search });
  useEffect(() => {
    if (browserAt() === here) navigate(to, { replace: true });
  }, [here, to, navigate]);
  return null;
}
