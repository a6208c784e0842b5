import { describe, expect, it } from 'vitest';
import { factoryName, knownMigrations, loadMigrations, migrationName } from './migrate.js';

/**
 * The names already recorded in databases' migrations tables: discovery must find exactly these,
 * in this order, followed only by newer ones.
 */
const SHIPPED = [
  '0001-users-and-sessions',
  '0002-projects-views-tasks-labels',
  '0003-teams-and-shares',
  '0004-task-parts',
  '0005-saved-filters-and-search',
  '0006-kanban-order',
  '0007-postgres-ssd-planner',
  '0008-task-index-lookup',
  '0009-task-filter-indexes',
  '0010-bucket-task-counts',
  '0011-project-task-counts',
  '0012-project-open-task-counts',
  '0013-rate-limit-hits',
  '0014-view-position-order',
  '0015-account-tokens',
  '0016-totp',
  '0017-external-identities',
  '0019-api-tokens',
  '0020-avatars',
  '0021-account-deletion-and-export',
  '0022-subscriptions-and-notifications',
  '0023-project-backgrounds',
  '0024-migration-status',
  '0025-webhooks',
  '0026-caldav-tokens',
  '0027-overdue-digests',
  '0028-search-terms',
  '0029-search-term-lookup',
  '0030-search-term-lookup-plan',
  '0032-overdue-webhook-days',
  '0033-search-postings',
  '0034-sqlite-search-postings',
  '0035-auth-failures',
  '0036-rich-text-cleanup',
  '0037-usernames-ignore-case',
  '0038-idempotency-keys',
  '0039-import-jobs',
  '0040-caldav-objects',
  '0041-caldav-sync-changes',
  '0043-import-fingerprints',
];

describe('migrations folder', () => {
  it('finds the shipped migrations under their recorded names, in order', () => {
    expect(knownMigrations().slice(0, SHIPPED.length)).toEqual(SHIPPED);
    expect([...knownMigrations()].sort()).toEqual(knownMigrations());
  });

  it('loads every migration for both dialects', async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const migrations = await loadMigrations(dialect);
      expect(Object.keys(migrations)).toEqual(knownMigrations());
      for (const migration of Object.values(migrations)) expect(migration.up).toBeTypeOf('function');
    }
  });

  it('takes migration files by name, sources or compiled, and skips the rest', () => {
    expect(migrationName('0007-postgres-ssd-planner.ts')).toBe('0007-postgres-ssd-planner');
    expect(migrationName('0007-postgres-ssd-planner.js')).toBe('0007-postgres-ssd-planner');
    for (const other of ['helpers.ts', 'helpers.js', '0007-postgres-ssd-planner.d.ts', '0016-totp.js.map']) {
      expect(migrationName(other)).toBeUndefined();
    }
  });

  it('names the factory export after the file', () => {
    expect(factoryName('0007-postgres-ssd-planner')).toBe('postgresSsdPlanner');
    expect(factoryName('0016-totp')).toBe('totp');
  });
});
