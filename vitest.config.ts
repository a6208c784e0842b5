import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@ordo/core': resolve(import.meta.dirname, 'packages/core/src/index.ts') };
const apiTests = ['packages/server/test/**/*.test.ts'];
/**
 * API tests that time other users' requests while an import runs: they run after every other
 * file, each alone (a Vitest group of its own), so the two cores are not also serving two other test
 * files and their servers. Beside them, a PostgreSQL import test measured the host's load
 * (reads p99 200+ ms with no import at all in the way), not the import.
 */
const timedApiTests = [
  'packages/server/test/import-jobs.test.ts',
  'packages/server/test/import-worker.test.ts',
];

/** An API test project; a timed one holds one file and runs in group `order`, after all else. */
function apiProject(dialect: 'sqlite' | 'postgres', timed?: { file: string; order: number }) {
  return {
    resolve: { alias },
    test: {
      name: timed ? `api-${dialect}-timed-${timed.order}` : `api-${dialect}`,
      include: timed ? [timed.file] : apiTests,
      exclude: timed ? [] : timedApiTests,
      env: { ORDO_TEST_DB: dialect },
      testTimeout: 60_000,
      hookTimeout: 60_000,
      ...(timed ? { sequence: { groupOrder: timed.order } } : {}),
    },
  };
}

const timedProjects = timedApiTests.flatMap((file, k) =>
  (['sqlite', 'postgres'] as const).map((dialect, d) => apiProject(dialect, { file, order: 1 + k * 2 + d })),
);

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker less than the cores: a single one on a 2-core CI host. API
    // tests spend most of their time waiting on PostgreSQL, SQLite's disk and helper processes
    // (SMTP, LDAP, Radicale, servers they start), so three files at a time use two cores better.
    maxWorkers: 3,
    // Each worker process keeps its modules from file to file instead of importing the server
    // again for every file: that import was 880 of 2,800 worker seconds in a CI run, and the whole
    // Vitest step went from 20 to 15 minutes on a quiet host. Each file still builds its own app on
    // its own database, and undoes what it changes for the process (fake timers, spies).
    // The workers stay up (minWorkers) because Tinypool retires an idle one past minWorkers and
    // could hand it the next file as it went, failing the run with "Terminating worker thread".
    minWorkers: 3,
    poolOptions: { forks: { isolate: false } },
    reporters: process.env.CI
      ? ['default', ['json', { outputFile: '.test-reports/vitest.json' }]]
      : ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'packages/core/src/**/*.test.ts',
            'packages/server/src/**/*.test.ts',
            'packages/web/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      apiProject('sqlite'),
      apiProject('postgres'),
      ...timedProjects,
    ],
  },
});
