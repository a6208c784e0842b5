/**
 * Where the API lives (spec 1 §4 start-up, §5 API address, §7 GET info): a locally stored address
 * wins over a global `window.API_URL`; the default is `/api/v1` on the page's origin. Addresses
 * are kept without a trailing slash.
 */
export const API_URL_STORAGE_KEY = 'API_URL';
export const DEFAULT_API_PATH = '/api/v1';
export const API_FALLBACK_PORT = '3456';

declare global {
  interface Window {
    API_URL?: string;
  }
}

export function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The configured address as written (may be relative), or null when an operator explicitly set
 * `window.API_URL` to an empty string, which means "ask the user".
 */
export function configuredApiUrl(stored: string | null, globalSetting: string | undefined): string | null {
  if (stored?.trim()) return stripTrailingSlash(stored.trim());
  if (globalSetting === undefined) return DEFAULT_API_PATH;
  return globalSetting.trim() ? stripTrailingSlash(globalSetting.trim()) : null;
}

/**
 * An absolute URL for what a user typed: relative paths resolve against the page, a bare host
 * gets the page's protocol. Returns null for something that is not an address at all.
 */
export function absoluteApiUrl(input: string, page: { origin: string; protocol: string }): string | null {
  const value = input.trim();
  if (!value) return null;
  let candidate = value;
  if (value.startsWith('/')) candidate = `${page.origin}${value}`;
  else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) candidate = `${page.protocol}//${value}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.search = '';
    url.hash = '';
    return stripTrailingSlash(url.toString());
  } catch {
    return null;
  }
}

/**
 * The addresses to probe, in order: as given, then with `/api/v1` appended (unless it already ends
 * so), then that on port 3456 (unless already on it).
 */
export function apiUrlCandidates(absolute: string): string[] {
  const candidates = [absolute];
  const url = new URL(absolute);
  if (!stripTrailingSlash(url.pathname).endsWith(DEFAULT_API_PATH)) {
    url.pathname = `${stripTrailingSlash(url.pathname)}${DEFAULT_API_PATH}`;
    candidates.push(stripTrailingSlash(url.toString()));
  }
  if (url.port !== API_FALLBACK_PORT) {
    url.port = API_FALLBACK_PORT;
    candidates.push(stripTrailingSlash(url.toString()));
  }
  return candidates;
}

/** The host (and port) shown to users: "Found a working API at ordo.example.com". */
export function apiDomain(absolute: string): string {
  try {
    return new URL(absolute).host;
  } catch {
    return absolute;
  }
}

let currentApiUrl: string | null = null;

/** The base address every request uses; read at each request so a change applies at once. */
export function getApiUrl(): string | null {
  if (currentApiUrl !== null) return currentApiUrl;
  return absoluteApiUrl(
    configuredApiUrl(localStorage.getItem(API_URL_STORAGE_KEY), window.API_URL) ?? '',
    window.location,
  );
}

/**
 * The address the server draws its login screen for (prerender/login-screen.tsx): nothing is
 * stored, as there is no browser to store it in.
 */
export function assumeApiUrl(absolute: string): void {
  currentApiUrl = absolute;
}

/** Adopt an address that answered `GET /info`; stored only when it differs from the default. */
export function adoptApiUrl(absolute: string): void {
  currentApiUrl = absolute;
  const fallback = absoluteApiUrl(configuredApiUrl(null, window.API_URL) ?? '', window.location);
  if (absolute === fallback) localStorage.removeItem(API_URL_STORAGE_KEY);
  else localStorage.setItem(API_URL_STORAGE_KEY, absolute);
}
