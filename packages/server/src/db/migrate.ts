/**
 * Forward-only migrations, run at start-up on both dialects. Add a migration by appending an
 * entry here; never edit one that has shipped. Names sort in the order they run.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db, Dialect } from './database.js';
import { usersAndSessions } from './migrations/0001-users-and-sessions.js';
import { projectsViewsTasksLabels } from './migrations/0002-projects-views-tasks-labels.js';
import { teamsAndShares } from './migrations/0003-teams-and-shares.js';
import { taskParts } from './migrations/0004-task-parts.js';
import { savedFiltersAndSearch } from './migrations/0005-saved-filters-and-search.js';
import { kanbanOrder } from './migrations/0006-kanban-order.js';
import { postgresSsdPlanner } from './migrations/0007-postgres-ssd-planner.js';
import { taskIndexLookup } from './migrations/0008-task-index-lookup.js';
import { taskFilterIndexes } from './migrations/0009-task-filter-indexes.js';
import { bucketTaskCounts } from './migrations/0010-bucket-task-counts.js';
import { projectTaskCounts } from './migrations/0011-project-task-counts.js';
import { projectOpenTaskCounts } from './migrations/0012-project-open-task-counts.js';
import { rateLimitHits } from './migrations/0013-rate-limit-hits.js';
import { viewPositionOrder } from './migrations/0014-view-position-order.js';
import { accountTokens } from './migrations/0015-account-tokens.js';
import { totp } from './migrations/0016-totp.js';
import { externalIdentities } from './migrations/0017-external-identities.js';
import { apiTokens } from './migrations/0019-api-tokens.js';
import { avatars } from './migrations/0020-avatars.js';
import { accountDeletionAndExport } from './migrations/0021-account-deletion-and-export.js';
import { subscriptionsAndNotifications } from './migrations/0022-subscriptions-and-notifications.js';
import { projectBackgrounds } from './migrations/0023-project-backgrounds.js';
import { migrationStatus } from './migrations/0024-migration-status.js';
import { webhooks } from './migrations/0025-webhooks.js';
import { caldavTokens } from './migrations/0026-caldav-tokens.js';
import { overdueDigests } from './migrations/0027-overdue-digests.js';
import { searchTerms } from './migrations/0028-search-terms.js';
import { searchTermLookup } from './migrations/0029-search-term-lookup.js';
import { searchTermLookupPlan } from './migrations/0030-search-term-lookup-plan.js';
import { overdueWebhookDays } from './migrations/0032-overdue-webhook-days.js';
import { searchPostings } from './migrations/0033-search-postings.js';
import { sqliteSearchPostings } from './migrations/0034-sqlite-search-postings.js';
import { authFailures } from './migrations/0035-auth-failures.js';
import { richTextCleanup } from './migrations/0036-rich-text-cleanup.js';
import { usernamesIgnoreCase } from './migrations/0037-usernames-ignore-case.js';
import { idempotencyKeys } from './migrations/0038-idempotency-keys.js';
import { importJobs } from './migrations/0039-import-jobs.js';
import { caldavObjects } from './migrations/0040-caldav-objects.js';
import { caldavSyncChanges } from './migrations/0041-caldav-sync-changes.js';
import { importFingerprints } from './migrations/0043-import-fingerprints.js';

type MigrationFactory = (dialect: Dialect) => Migration;

const migrations: Record<string, MigrationFactory> = {
  '0001-users-and-sessions': usersAndSessions,
  '0002-projects-views-tasks-labels': projectsViewsTasksLabels,
  '0003-teams-and-shares': teamsAndShares,
  '0004-task-parts': taskParts,
  '0005-saved-filters-and-search': savedFiltersAndSearch,
  '0006-kanban-order': kanbanOrder,
  '0007-postgres-ssd-planner': postgresSsdPlanner,
  '0008-task-index-lookup': taskIndexLookup,
  '0009-task-filter-indexes': taskFilterIndexes,
  '0010-bucket-task-counts': bucketTaskCounts,
  '0011-project-task-counts': projectTaskCounts,
  '0012-project-open-task-counts': projectOpenTaskCounts,
  '0013-rate-limit-hits': rateLimitHits,
  '0014-view-position-order': viewPositionOrder,
  '0015-account-tokens': accountTokens,
  '0016-totp': totp,
  '0017-external-identities': externalIdentities,
  '0019-api-tokens': apiTokens,
  '0020-avatars': avatars,
  '0021-account-deletion-and-export': accountDeletionAndExport,
  '0022-subscriptions-and-notifications': subscriptionsAndNotifications,
  '0023-project-backgrounds': projectBackgrounds,
  '0024-migration-status': migrationStatus,
  '0025-webhooks': webhooks,
  '0026-caldav-tokens': caldavTokens,
  '0027-overdue-digests': overdueDigests,
  '0028-search-terms': searchTerms,
  '0029-search-term-lookup': searchTermLookup,
  '0030-search-term-lookup-plan': searchTermLookupPlan,
  '0032-overdue-webhook-days': overdueWebhookDays,
  '0033-search-postings': searchPostings,
  '0034-sqlite-search-postings': sqliteSearchPostings,
  '0035-auth-failures': authFailures,
  '0036-rich-text-cleanup': richTextCleanup,
  '0037-usernames-ignore-case': usernamesIgnoreCase,
  '0038-idempotency-keys': idempotencyKeys,
  '0039-import-jobs': importJobs,
  '0040-caldav-objects': caldavObjects,
  '0041-caldav-sync-changes': caldavSyncChanges,
  '0043-import-fingerprints': importFingerprints,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(this.dialect)]));
  }
}

/** Kysely's bookkeeping tables: the migrator owns them, so dump and restore treat them apart. */
export const MIGRATION_TABLES = { migrations: 'ordo_migrations', lock: 'ordo_migrations_lock' } as const;

/** Every migration this build knows, in the order they run. */
export function knownMigrations(): string[] {
  return Object.keys(migrations).sort();
}

function migrator(db: Db): Migrator {
  return new Migrator({
    db: db.kysely as unknown as Kysely<unknown>,
    provider: new StaticProvider(db.dialect),
    migrationTableName: MIGRATION_TABLES.migrations,
    migrationLockTableName: MIGRATION_TABLES.lock,
  });
}

function applied(outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>): string[] {
  if (outcome.error) throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
  return (outcome.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  return applied(await migrator(db).migrateToLatest());
}

/** Runs the migrations up to and including `name` (restore rebuilds a dump's schema first). */
export async function migrateTo(db: Db, name: string): Promise<string[]> {
  return applied(await migrator(db).migrateTo(name));
}
