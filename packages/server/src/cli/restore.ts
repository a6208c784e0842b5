/**
 * `ordo restore --file F`: loads a dump into an empty database. The schema is first migrated to
 * the dump's version, then every row goes in within one transaction (parents before children,
 * PostgreSQL sequences moved past the restored ids), then later migrations run on the data. The
 * stored files in the dump go back into the file store once the rows are in.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.js';
import { knownMigrations, MIGRATION_TABLES, migrateTo, migrateToLatest } from '../db/migrate.js';
import type { FileStore } from '../modules/attachments/files/store.js';
import { SearchPostingsCompaction } from '../modules/search/search-postings-repo.js';
import type { CommandIo } from './console-io.js';
import {
  foreignKeys,
  insertOrder,
  parentsFirst,
  resetSequences,
  tableInfo,
  tableNames,
} from './database-tables.js';
import { type DumpFile, fromPortable, isDumpFile } from './dump-format.js';
import { CommandError } from './user-commands.js';

// biome-ignore lint/suspicious/noExplicitAny: tables are written by name from the catalogue.
type AnyDb = Kysely<any>;

/** Stays under SQLite's limit of bound parameters per statement (32766) and PostgreSQL's (65535). */
const MAX_PARAMETERS = 30_000;
const bookkeeping: readonly string[] = [MIGRATION_TABLES.migrations, MIGRATION_TABLES.lock];

export function readDump(file: string): DumpFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CommandError(`Cannot read ${file} as a dump: ${(error as Error).message}`);
  }
  if (!isDumpFile(parsed)) throw new CommandError(`${file} is not an Ordo dump.`);
  return parsed;
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const tables = await tableNames(db.kysely, db.dialect);
  if (!tables.includes(MIGRATION_TABLES.migrations)) return [];
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(MIGRATION_TABLES.migrations)} order by name`.execute(db.kysely);
  return rows.map((r) => r.name);
}

/** Brings the schema to the dump's version, refusing databases that are already further along. */
async function prepareSchema(db: Db, dump: DumpFile): Promise<void> {
  const known = knownMigrations();
  const unknown = dump.migrations.filter((m) => !known.includes(m));
  if (unknown.length > 0) {
    throw new CommandError(
      `The dump comes from a newer Ordo (unknown migrations: ${unknown.join(', ')}). Upgrade Ordo first.`,
    );
  }
  const last = dump.migrations[dump.migrations.length - 1];
  if (!last) throw new CommandError('The dump names no migrations, so its schema is unknown.');
  const applied = await appliedMigrations(db);
  const beyond = applied.filter((m) => !dump.migrations.includes(m));
  if (beyond.length > 0) {
    throw new CommandError(
      `The database is already migrated past the dump (${beyond.join(', ')}). Restore into a new, empty database.`,
    );
  }
  await migrateTo(db, last);
}

async function assertEmpty(db: Db, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const row = await db.kysely
      .selectFrom(table as never)
      .select(sql<number>`1`.as('one'))
      .limit(1)
      .executeTakeFirst();
    if (row)
      throw new CommandError(
        `The database is not empty (table ${table} has rows). Restore needs an empty database.`,
      );
  }
}

export async function restoreDatabase(
  db: Db,
  file: string,
  io: CommandIo,
  store: FileStore,
): Promise<Record<string, number>> {
  const dump = readDump(file);
  await prepareSchema(db, dump);
  const existing = (await tableNames(db.kysely, db.dialect)).filter((t) => !bookkeeping.includes(t));
  const missing = Object.keys(dump.tables).filter((t) => !bookkeeping.includes(t) && !existing.includes(t));
  if (missing.length > 0) {
    throw new CommandError(
      `The dump has tables this database lacks: ${missing.join(', ')}. Create them first.`,
    );
  }
  await assertEmpty(db, existing);

  const tables = Object.keys(dump.tables).filter((t) => !bookkeeping.includes(t));
  const keys = await foreignKeys(db.kysely, db.dialect, existing);
  const counts: Record<string, number> = {};
  await db.kysely.transaction().execute(async (trx) => {
    // Checked at commit: rows that reference each other in a cycle can still go in.
    if (db.dialect === 'sqlite') await sql`pragma defer_foreign_keys = on`.execute(trx);
    for (const table of insertOrder(tables, keys)) {
      const info = await tableInfo(trx as AnyDb, db.dialect, table);
      const unknownColumns = new Set(
        (dump.tables[table] ?? [])
          .flatMap((row) => Object.keys(row))
          .filter((c) => !info.columns.includes(c)),
      );
      if (unknownColumns.size > 0) {
        throw new CommandError(
          `Table ${table} in the dump has columns this database lacks: ${[...unknownColumns].join(', ')}.`,
        );
      }
      const rows = parentsFirst(
        dump.tables[table] ?? [],
        keys.filter((k) => k.table === table && k.referencedTable === table),
      ).map((row) => Object.fromEntries(Object.entries(row).map(([c, v]) => [c, fromPortable(v)])));
      const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, info.columns.length)));
      for (let i = 0; i < rows.length; i += perStatement) {
        await (trx as AnyDb)
          .insertInto(table)
          .values(rows.slice(i, i + perStatement))
          .execute();
      }
      counts[table] = rows.length;
    }
    if (db.dialect === 'postgres') await resetSequences(trx as AnyDb);
  });
  const files = Object.entries(dump.files ?? {});
  for (const [id, base64] of files)
    await store.put(Number(id), Readable.from([Buffer.from(base64, 'base64')]));
  const expected = (dump.tables.files ?? []).map((row) => String(row.id));
  const absent = expected.filter((id) => !(dump.files && id in dump.files));
  const later = await migrateToLatest(db);
  // The restored tasks' search postings are in the log: fold them in before anyone searches.
  await new SearchPostingsCompaction(db.kysely, db.dialect).run();
  // The planner's statistics still describe empty tables: gather them for the restored rows.
  await db.refreshStatistics();
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  io.print(`Restored ${total} rows into ${tables.length} tables and ${files.length} files from ${file}.`);
  if (absent.length > 0) {
    io.print(
      `The dump holds no bytes for ${absent.length} stored files (ids ${absent.join(', ')}): these attachments, backgrounds or avatars cannot be downloaded.`,
    );
  }
  if (later.length > 0) io.print(`Then applied newer migrations: ${later.join(', ')}.`);
  return counts;
}
