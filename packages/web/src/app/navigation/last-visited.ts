/**
 * The last visited route (spec 1 §2, §3 "lastVisited"): where a visitor wanted to go before
 * being sent to log in. Taken (and cleared) after login.
 */
const STORAGE_KEY = 'lastVisited';

export function saveLastVisited(path: string): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ path }));
}

export function clearLastVisited(): void {
  localStorage.removeItem(STORAGE_KEY);
}

/** The remembered path; only same-origin paths are accepted. */
export function peekLastVisited(): string | null {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const { path } = JSON.parse(raw) as { path?: unknown };
    return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
