/**
 * The session token (spec 1 §3 "Token"): held in memory; written to localStorage only when the
 * user asked to be remembered. A plain login is mirrored in sessionStorage, which lives as long as
 * the tab: a reload keeps the user signed in, closing the tab ends the session.
 */
export const TOKEN_STORAGE_KEY = 'token';

type Listener = () => void;

let token: string | null = null;
let persisted = false;
const listeners = new Set<Listener>();

/** Pick up a remembered token at start. */
export function loadStoredToken(): void {
  token = localStorage.getItem(TOKEN_STORAGE_KEY);
  persisted = token !== null;
  token ??= sessionStorage.getItem(TOKEN_STORAGE_KEY);
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
  if (persist) {
    localStorage.setItem(TOKEN_STORAGE_KEY, next);
    sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  } else {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    sessionStorage.setItem(TOKEN_STORAGE_KEY, next);
  }
  emit();
}

export function clearToken(): void {
  token = null;
  persisted = false;
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  sessionStorage.removeItem(TOKEN_STORAGE_KEY);
  emit();
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(): void {
  for (const listener of listeners) listener();
}

/** The `exp` claim (seconds since the epoch) of a JWT, or null when it cannot be read. */
export function tokenExpiry(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const claims = JSON.parse(atob(padded)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}
