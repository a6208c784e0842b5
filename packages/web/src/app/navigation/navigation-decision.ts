/**
 * The navigation guard's decisions (spec 1 §2), as a pure function of where the visitor is going
 * and whether they are signed in. The router component applies the result.
 */
import { isPublicRoute } from '@ordo/core';

export const LINK_SHARE_HASH_PREFIX = '#share-auth-token=';

export interface Destination {
  pathname: string;
  search: string;
  hash: string;
}

export type NavigationDecision =
  | { kind: 'allow' }
  | {
      kind: 'redirect';
      to: string;
      returnTarget?: string;
      /** The token of a mailed confirmation link, kept until the login page sends it. */
      storeEmailConfirmToken?: string;
    };

/**
 * @param emailConfirmPending a confirmation token from a mailed link is stored and not yet sent
 */
export function decideNavigation(
  to: Destination,
  signedIn: boolean,
  emailConfirmPending = false,
): NavigationDecision {
  const { pathname, search, hash } = to;
  if (pathname === '/lists' || pathname.startsWith('/lists/')) {
    return { kind: 'redirect', to: `/projects${pathname.slice('/lists'.length)}${search}${hash}` };
  }
  const query = new URLSearchParams(search);
  const confirmToken = query.get('userEmailConfirm');
  if (confirmToken) return { kind: 'redirect', to: '/login', storeEmailConfirmToken: confirmToken };
  const resetToken = query.get('userPasswordReset');
  const onResetPage = /^\/password-reset\/?$/.test(pathname);
  if (resetToken && !onResetPage) {
    return {
      kind: 'redirect',
      to: `/password-reset?${new URLSearchParams({ userPasswordReset: resetToken })}`,
    };
  }
  if (onResetPage && !resetToken) return { kind: 'redirect', to: '/login' };
  if (signedIn) {
    if (/^\/(login|register)\/?$/.test(pathname)) return { kind: 'redirect', to: '/' };
    return { kind: 'allow' };
  }
  if (emailConfirmPending && !/^\/login\/?$/.test(pathname)) return { kind: 'redirect', to: '/login' };
  if (hash.startsWith(LINK_SHARE_HASH_PREFIX)) {
    const share = hash.slice(LINK_SHARE_HASH_PREFIX.length);
    // The page is remembered so that the visitor lands on it once the share is authenticated.
    if (share) {
      return {
        kind: 'redirect',
        to: `/share/${encodeURIComponent(share)}/auth`,
        returnTarget: `${pathname}${search}`,
      };
    }
  }
  if (isPublicRoute(pathname)) return { kind: 'allow' };
  const provider = new URLSearchParams(search).get('redirectToProvider');
  if (pathname === '/' && provider !== null) {
    return { kind: 'redirect', to: `/login?${new URLSearchParams({ redirectToProvider: provider })}` };
  }
  return { kind: 'redirect', to: '/login', returnTarget: `${pathname}${search}${hash}` };
}
