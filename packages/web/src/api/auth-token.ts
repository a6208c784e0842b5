/**
 * The session token (spec 1 §3 "Token"): held in memory; written to localStorage only when the
 * user asked to be remembered. A plain login is mirrored in sessionStorage, which lives as long as
 * the tab: a reload keeps the user signed in, closing the tab ends the session.
 */
import { SIGNED_OUT_HINT_COOKIE, signedInHintCookie } from '@ordo/core';

export const TOKEN_STORAGE_KEY = 'token';

type Listener = () => void;

let token: string | null = null;
let persisted = false;
/** A link share's token lives in memory only (spec): renewals must not write it to storage. */
let memoryOnly = false;
const listeners = new Set<Listener>();

/** Pick up a remembered token at start. */
export function loadStoredToken(): void {
  token = localStorage.getItem(TOKEN_STORAGE_KEY);
  persisted = token !== null;
  memoryOnly = false;
  token ??= sessionStorage.getItem(TOKEN_STORAGE_KEY);
  // Also for sessions from before the hint existed, and off again for one that has gone.
  hintSignedIn();
}

/**
 * Tells the server, by a cookie it reads on a first visit (core: signed-in-hint.ts), whether this
 * browser holds a session: without one it draws the login form itself. A link share's memory-only
 * token is not a session of this browser.
 */
function hintSignedIn(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a fixed value (core), set at once; the Cookie Store API is not in every browser Ordo supports.
  document.cookie =
    token !== null && !memoryOnly
      ? signedInHintCookie({ remembered: persisted, secure: window.location.protocol === 'https:' })
      : SIGNED_OUT_HINT_COOKIE;
}

export function getToken(): string | null {
  return token;
}

export function isTokenPersisted(): boolean {
  return persisted;
}

export function setToken(next: string, persist: boolean): void {
  token = next;
  persisted = persist;
  memoryOnly = false;
  if (persist) {
    localStorage.setItem(TOKEN_STORAGE_KEY, next);
    sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  } else {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    sessionStorage.setItem(TOKEN_STORAGE_KEY, next);
  }
  hintSignedIn();
  emit();
}

/**
 * A token held in memory only (a link share's, spec 1 §3 and §4): a session stored for this tab
 * or device stays untouched and comes back on reload.
 */
export function setMemoryToken(next: string): void {
  token = next;
  persisted = false;
  memoryOnly = true;
  emit();
}

/** A renewed token, kept where the one it replaces was (memory, tab or device). */
export function replaceToken(next: string): void {
  if (memoryOnly) {
    token = next;
    emit();
  } else setToken(next, persisted);
}

export function clearToken(): void {
  token = null;
  persisted = false;
  memoryOnly = false;
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  hintSignedIn();
  emit();
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The claims of a JWT (not verified: the server does that), or null when they cannot be read. */
export function tokenClaims(jwt: string): Record<string, unknown> | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims: unknown = JSON.parse(atob(padded));
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` claim (seconds since the epoch) of a JWT, or null when it cannot be read. */
export function tokenExpiry(jwt: string): number | null {
  const exp = tokenClaims(jwt)?.exp;
  return typeof exp === 'number' ? exp : null;
}

/**
 * Whether a remembered token has already run out (or carries no readable expiry): the app drops
 * such a session without asking the server, and asks nothing with it.
 */
export function tokenExpired(jwt: string, now = Date.now()): boolean {
  const exp = tokenExpiry(jwt);
  return exp === null || exp * 1000 <= now;
}
