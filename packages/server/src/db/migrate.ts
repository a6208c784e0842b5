/**
 * Forward-only migrations, run at start-up on both dialects. A migration is a file in
 * `migrations/` named `NNNN-some-name.ts` that exports its factory as `someName`; the file name
 * (without extension) is the name recorded in the migrations table, and names sort in the order
 * they run. The folder is read at run time, next to this module: the TypeScript sources under
 * the test runner, the compiled `.js` files in a build. Never edit or rename one that has
 * shipped. (`npm run build` starts from an empty `dist/`: a bare `tsc -b` leaves the compiled
 * file of a renamed or deleted migration there, and it would run as well.)
 */
import { readdirSync } from 'node:fs';
import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db, Dialect } from './database.js';

type MigrationFactory = (dialect: Dialect) => Migration;

const folder = new URL('./migrations/', import.meta.url);

/**
 * `0001-users-and-sessions.ts` (or `.js`) → `0001-users-and-sessions`; undefined for the
 * folder's other files (helpers, declaration files, source maps).
 */
export function migrationName(file: string): string | undefined {
  return /^(\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*)\.(?:ts|js)$/.exec(file)?.[1];
}

/** The migration files in the folder, by name. */
function migrationFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of readdirSync(folder)) {
    const name = migrationName(file);
    if (!name) continue;
    const other = files.get(name);
    if (other) throw new Error(`Migration ${name} is both ${other} and ${file}`);
    files.set(name, file);
  }
  return files;
}

/** `0007-postgres-ssd-planner` → `postgresSsdPlanner`: the export that makes the migration. */
export function factoryName(migration: string): string {
  return migration.replace(/^\d{4}-/, '').replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

async function loadFactory(name: string, file: string): Promise<MigrationFactory> {
  const module: Record<string, unknown> = await import(new URL(file, folder).href);
  const factory = module[factoryName(name)];
  if (typeof factory !== 'function')
    throw new Error(`Migration ${file} does not export ${factoryName(name)}`);
  return factory as MigrationFactory;
}

/** Every migration in the folder, made for the dialect, by name. */
export async function loadMigrations(dialect: Dialect): Promise<Record<string, Migration>> {
  const migrations: Record<string, Migration> = {};
  for (const [name, file] of migrationFiles()) migrations[name] = (await loadFactory(name, file))(dialect);
  return migrations;
}

class FolderProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  getMigrations(): Promise<Record<string, Migration>> {
    return loadMigrations(this.dialect);
  }
}

/** Kysely's bookkeeping tables: the migrator owns them, so dump and restore treat them apart. */
export const MIGRATION_TABLES = { migrations: 'ordo_migrations', lock: 'ordo_migrations_lock' } as const;

/** Every migration this build knows, in the order they run. */
export function knownMigrations(): string[] {
  return [...migrationFiles().keys()].sort();
}

function migrator(db: Db): Migrator {
  return new Migrator({
    db: db.kysely as unknown as Kysely<unknown>,
    provider: new FolderProvider(db.dialect),
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
