import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';

// Two copies of the real server, one on SQLite and one on PostgreSQL; every test that touches
// data runs against both (BROWSER_ONLY_SPECS on SQLite alone), in Debian's Chromium (test tools
// cannot download browsers here).
// ORDO_E2E_PORT moves both ports (default 3471 and 3472), so two checkouts can run e2e at once.
const firstPort = Number(process.env.ORDO_E2E_PORT ?? 3471);
const servers = [
  { name: 'sqlite', port: firstPort },
  { name: 'postgres', port: firstPort + 1 },
];

/**
 * Specs of what the browser alone decides (axe over the screens, languages and writing direction,
 * date layout, week start, security headers, the installable app, the update banner, the address
 * check, server notices): the database behind the server changes nothing they look at, so they
 * run against the SQLite server only. The accessibility one alone took 5 to 10 minutes a database
 * on the 2-core CI host. Everything that reads or writes data runs on both.
 */
const BROWSER_ONLY_SPECS = [
  '**/accessibility.spec.ts',
  '**/accessibility-signed-in.spec.ts',
  '**/languages.spec.ts',
  '**/right-to-left.spec.ts',
  '**/task-dates-fit.spec.ts',
  '**/week-start.spec.ts',
  '**/security-headers.spec.ts',
  '**/installable.spec.ts',
  '**/update-banner.spec.ts',
  '**/readiness.spec.ts',
  '**/server-notices.spec.ts',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  // On CI one retry: the suite shares a 2-core machine with two servers, PostgreSQL and helper
  // processes (SMTP, OpenID, LDAP), and a rare timing failure there must not sink a run. A test that
  // only passed on its retry is still named in the summary (scripts/test.mjs) as flaky; one that
  // fails twice fails the run. Locally there is no retry, so flakiness shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../.test-reports/playwright.json' }]]
    : [['list'], ['json', { outputFile: '../.test-reports/playwright.json' }]],
  use: {
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: servers.map((s) => ({
    name: s.name,
    use: { baseURL: `http://127.0.0.1:${s.port}` },
    ...(s.name === 'postgres' ? { testIgnore: BROWSER_ONLY_SPECS } : {}),
  })),
  webServer: servers.map((s) => ({
    command: 'node e2e/serve.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${s.port}/api/v1/info`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Without it Playwright kills the server outright, and serve.mjs cannot drop its database.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    env: {
      PORT: String(s.port),
      HOST: '127.0.0.1',
      E2E_DB: s.name,
      ORDO_RATE_LIMIT: '0',
      // Every browser here is 127.0.0.1: the specs' wrong passwords would add up to a backoff.
      ORDO_BRUTE_FORCE_FAILURES: '0',
      ORDO_PUBLIC_URL: `http://127.0.0.1:${s.port}/`,
      // The webhook spec's receiver listens on this host, which webhooks reach only when allowed.
      ORDO_WEBHOOKS_ALLOW_INTERNAL: '127.0.0.1',
      // No load shedding: on a starved CI host the servers' event loops stall for half a second at
      // times, and a spec's own API check (which does not retry as the app does) got a 503.
      // Shedding has its own tests (packages/server/test/back-pressure.test.ts).
      ORDO_MAX_EVENT_LOOP_DELAY: '0',
      ORDO_MAX_DB_WAIT: '0',
      ORDO_MAX_DB_QUEUE: '0',
    },
  })),
});
