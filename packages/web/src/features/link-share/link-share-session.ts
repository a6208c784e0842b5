/**
 * A link-share session (spec 1 §2 "Link-share screen", §3 User type 2): the token is a JWT with
 * `type: 2` naming the share, its hash, its project and its right. It is held in memory only;
 * the share hash stays in the URL (`#share-auth-token=<hash>`), so a reload authenticates again.
 */
import { isRight, type Right } from '@ordo/core';
import { useMemo } from 'react';
import { tokenClaims } from '../../api/auth-token';
import { LINK_SHARE_HASH_PREFIX } from '../../app/navigation/navigation-decision';
import { useToken } from '../auth/use-current-user';

const LINK_SHARE_TOKEN_TYPE = 2;

export interface LinkShareSession {
  shareId: number;
  hash: string;
  projectId: number;
  right: Right;
}

export function linkShareSession(token: string | null): LinkShareSession | null {
  const claims = token ? tokenClaims(token) : null;
  if (!claims || claims.type !== LINK_SHARE_TOKEN_TYPE) return null;
  const { id, hash, project_id: projectId } = claims;
  // Vikunja 0.24 names the claim `right`, later versions `permission`.
  const right = claims.right ?? claims.permission;
  if (typeof id !== 'number' || typeof hash !== 'string' || typeof projectId !== 'number') return null;
  return { shareId: id, hash, projectId, right: isRight(right) ? right : 0 };
}

/** The current link-share session, or null for a user session or none. */
export function useLinkShareSession(): LinkShareSession | null {
  const token = useToken();
  return useMemo(() => linkShareSession(token), [token]);
}

/** The URL hash that marks a link-share page. */
export function linkShareHash(hash: string): string {
  return `${LINK_SHARE_HASH_PREFIX}${hash}`;
}

/** The share hash named by a URL hash, or null. */
export function shareHashIn(urlHash: string): string | null {
  if (!urlHash.startsWith(LINK_SHARE_HASH_PREFIX)) return null;
  return urlHash.slice(LINK_SHARE_HASH_PREFIX.length) || null;
}

// Whether the link-share shell shows the logo (`logoVisible` on the auth link, default true). Kept
// with the token, in memory: a reload goes through the auth screen again.
let logoVisible = true;

export function setLinkShareLogoVisible(visible: boolean): void {
  logoVisible = visible;
}

export function isLinkShareLogoVisible(): boolean {
  return logoVisible;
}
