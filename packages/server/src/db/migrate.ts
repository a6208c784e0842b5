/**
 * Forward-only migrations, run at start-up on both dialects. Add a migration by appending an
 * entry here; never edit one that has shipped. Names sort in the order they run.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db, Dialect } from './database.js';
import { usersAndSessions } from './migrations/0001-users-and-sessions.js';
import { projectsViewsTasksLabels } from './migrations/0002-projects-views-tasks-labels.js';
import { teamsAndShares } from './migrations/0003-teams-and-shares.js';

type MigrationFactory = (dialect: Dialect) => Migration;

const migrations: Record<string, MigrationFactory> = {
  '0001-users-and-sessions': usersAndSessions,
  '0002-projects-views-tasks-labels': projectsViewsTasksLabels,
  '0003-teams-and-shares': teamsAndShares,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(this.dialect)]));
  }
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely as unknown as Kysely<unknown>,
    provider: new StaticProvider(db.dialect),
    migrationTableName: 'ordo_migrations',
    migrationLockTableName: 'ordo_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
