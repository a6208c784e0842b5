/**
 * Applies the navigation decisions to every route change (spec 1 §2 "Navigation guard"), and
 * after sign-in sends the user on to the remembered return target.
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { pendingEmailConfirmToken, storeEmailConfirmToken } from '../../features/auth/email-confirmation';
import { useToken } from '../../features/auth/use-current-user';
import { clearLastVisited, peekLastVisited, saveLastVisited } from './last-visited';
import { decideNavigation } from './navigation-decision';

export function NavigationGuard() {
  const location = useLocation();
  const signedIn = useToken() !== null;
  const decision = decideNavigation(location, signedIn, pendingEmailConfirmToken() !== null);
  const leavingAuthPage =
    decision.kind === 'redirect' && signedIn && /^\/(login|register)/.test(location.pathname);

  // Once signed in and past the login page, the return target has been used.
  useEffect(() => {
    if (signedIn && decision.kind === 'allow') clearLastVisited();
  }, [signedIn, decision.kind]);

  if (decision.kind === 'redirect') {
    if (decision.returnTarget) saveLastVisited(decision.returnTarget);
    if (decision.storeEmailConfirmToken) storeEmailConfirmToken(decision.storeEmailConfirmToken);
    const to = leavingAuthPage ? (peekLastVisited() ?? '/') : decision.to;
    return <Navigate to={to} replace />;
  }
  return <Outlet />;
}
