import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium';

// Two copies of the real server, one on SQLite and one on PostgreSQL: every spec runs against
// SQLite, the main flows (POSTGRES_SPECS) against PostgreSQL too, in Debian's Chromium (test tools
// cannot download browsers here).
// ORDO_E2E_PORT moves both ports (default 3471 and 3472), so two checkouts can run e2e at once.
const firstPort = Number(process.env.ORDO_E2E_PORT ?? 3471);
const servers = [
  { name: 'sqlite', port: firstPort },
  { name: 'postgres', port: firstPort + 1 },
];

/**
 * The PostgreSQL server runs the main flows through the app: projects and their views, task detail,
 * kanban, filters, sharing, the lists that page and sort on the server, import, and the trash.
 * Every other spec runs on SQLite alone. What differs between the databases is the SQL, and
 * every query and rule runs on both in the API suites (api-sqlite and api-postgres); running all
 * of e2e twice doubled the CI run (to past 80 minutes on 2 cores) without reaching other SQL.
 */
const POSTGRES_SPECS = [
  'projects.spec.ts',
  'task-detail.spec.ts',
  'kanban.spec.ts',
  'filters.spec.ts',
  'sharing.spec.ts',
  'upcoming.spec.ts',
  'list-reorder.spec.ts',
  'custom-fields.spec.ts',
  'import.spec.ts',
  'trash.spec.ts',
  'calendar.spec.ts',
  'gantt.spec.ts',
];
// A renamed or removed spec must not quietly leave PostgreSQL without its flow.
const missingPostgresSpecs = POSTGRES_SPECS.filter((spec) => !existsSync(join(import.meta.dirname, spec)));
if (missingPostgresSpecs.length > 0)
  throw new Error(`POSTGRES_SPECS names specs that do not exist: ${missingPostgresSpecs.join(', ')}`);

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
  reporter: [['list'], ['json', { outputFile: '../.test-reports/playwright.json' }]],
  use: {
    launchOptions: chromiumLaunchOptions,
    // A page load or an action that never finishes fails where it hangs, not at the test's
    // own limit (three minutes for the longest flows) with nothing to say which step it was.
    navigationTimeout: 30_000,
    actionTimeout: 30_000,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: servers.map((s) => ({
    name: s.name,
    use: { baseURL: `http://127.0.0.1:${s.port}` },
    ...(s.name === 'postgres' ? { testMatch: POSTGRES_SPECS.map((spec) => `**/${spec}`) } : {}),
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
