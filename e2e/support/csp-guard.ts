/**
 * Playwright's `test`, failing any test during which a page broke the Content-Security-Policy:
 * every page of the test's context and of contexts it opens reports `securitypolicyviolation`
 * events, and Chromium's "Refused to …" console messages are kept too. Specs import `test` and
 * `expect` from here instead of @playwright/test.
 *
 * Contexts a test opens with `browser.newContext()` are closed when it ends, also when the test
 * does not close them: their pages would otherwise keep the app running (live updates, polling)
 * for the rest of the worker's tests, and took the CPU later tests needed on a 2-core host.
 */
import { type BrowserContext, test as base, expect } from '@playwright/test';

export * from '@playwright/test';

const MARK = '[csp-violation]';

/** Runs in every frame before its own scripts. */
function reportViolations(mark: string) {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.warn(
      `${mark} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}` +
        (event.sample ? ` (${event.sample})` : ''),
    );
  });
}

export const test = base.extend<{ cspViolations: string[] }>({
  // Auto: every test is watched, whether it uses `page` or opens contexts of its own.
  cspViolations: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      const watch = async (watched: BrowserContext) => {
        await watched.addInitScript(reportViolations, MARK);
        watched.on('console', (message) => {
          const text = message.text();
          if (text.startsWith(MARK) || text.startsWith('Refused to')) violations.push(text);
        });
      };
      await watch(context);
      const newContext = browser.newContext;
      const opened: BrowserContext[] = [];
      browser.newContext = async (...args) => {
        const fresh = await newContext.apply(browser, args);
        opened.push(fresh);
        await watch(fresh);
        return fresh;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
        // Closing a context the test closed already does nothing.
        await Promise.all(opened.map((each) => each.close()));
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
