/**
 * Pages whose code failed to load while the browser was online (lazy-page.ts). Each keeps its
 * failure, so every render throws the same error to the error screen rather than asking for the
 * module again and again, until the address changes (route-error.tsx) and it is tried again.
 */
const failures = new Set<() => void>();

/** Keeps a page's failure until `forgetFailedPageLoads`, which calls `forget`. */
export function keepFailedPageLoad(forget: () => void): void {
  failures.add(forget);
}

/** Lets pages whose code failed to load try again when next drawn. */
export function forgetFailedPageLoads(): void {
  for (const forget of failures) forget();
  failures.clear();
}
