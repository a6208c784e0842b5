import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = { '@ordo/core': resolve(import.meta.dirname, 'packages/core/src/index.ts') };
const apiTests = ['packages/server/test/**/*.test.ts'];

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker less than the cores: a single one on a 2-core CI host. API
    // tests spend most of their time waiting on PostgreSQL, SQLite's disk and helper processes
    // (SMTP, LDAP, Radicale, servers they start), so three files at a time use two cores better.
    maxWorkers: 3,
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
      {
        resolve: { alias },
        test: {
          name: 'api-sqlite',
          include: apiTests,
          env: { ORDO_TEST_DB: 'sqlite' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api-postgres',
          include: apiTests,
          env: { ORDO_TEST_DB: 'postgres' },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
