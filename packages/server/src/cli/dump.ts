/**
 * `ordo dump --file F`: every table of the database, read in one snapshot and written as JSON
 * (see dump-format.ts), then the bytes of every file the `files` table names. The table list
 * comes from the database itself, so nothing is missed.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { ORDO_VERSION } from '@ordo/core';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.js';
import { MIGRATION_TABLES } from '../db/migrate.js';
import type { FileStore } from '../modules/attachments/files/store.js';
import type { CommandIo } from './console-io.js';
import { tableInfo, tableNames } from './database-tables.js';
import { DUMP_FORMAT, DUMP_VERSION, type DumpHeader, toPortable } from './dump-format.js';

/** Rows fetched per query, so a large table is never held in memory at once. */
const PAGE = 2000;

// biome-ignore lint/suspicious/noExplicitAny: tables are read by name from the catalogue.
type AnyDb = Kysely<any>;

async function appliedMigrations(db: AnyDb, tables: readonly string[]): Promise<string[]> {
  if (!tables.includes(MIGRATION_TABLES.migrations)) return [];
  const { rows } = await sql<{
    name: string;
  }>`select name from ${sql.table(MIGRATION_TABLES.migrations)} order by name`.execute(db);
  return rows.map((r) => r.name);
}

/** Reads a stored file and writes it as base64, a chunk at a time (whole groups of 3 bytes). */
async function writeBase64(bytes: AsyncIterable<Buffer>, write: (text: string) => void): Promise<void> {
  let carry = Buffer.alloc(0);
  for await (const chunk of bytes) {
    const data = carry.length > 0 ? Buffer.concat([carry, chunk]) : chunk;
    const whole = data.length - (data.length % 3);
    write(data.subarray(0, whole).toString('base64'));
    carry = Buffer.from(data.subarray(whole));
  }
  write(carry.toString('base64'));
}

export async function dumpDatabase(
  db: Db,
  file: string,
  io: CommandIo,
  store: FileStore,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let filesWritten = 0;
  const filesMissing: number[] = [];
  const partial = `${file}.partial`;
  const fd = openSync(partial, 'w', 0o600);
  const write = (text: string) => writeSync(fd, text);
  try {
    const read = async (trx: AnyDb) => {
      const tables = await tableNames(trx, db.dialect);
      const header: DumpHeader = {
        format: DUMP_FORMAT,
        version: DUMP_VERSION,
        ordo_version: ORDO_VERSION,
        created: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        source_dialect: db.dialect,
        migrations: await appliedMigrations(trx, tables),
      };
      write(`${JSON.stringify(header).slice(0, -1)},"tables":{`);
      for (const [index, table] of tables.entries()) {
        const info = await tableInfo(trx, db.dialect, table);
        const order = info.primaryKey.length > 0 ? info.primaryKey : info.columns;
        const booleans = new Set(info.booleanColumns);
        write(`${index === 0 ? '' : ','}\n${JSON.stringify(table)}:[`);
        let count = 0;
        for (let offset = 0; ; offset += PAGE) {
          const rows = await trx
            .selectFrom(table)
            .selectAll()
            .$call((q) => order.reduce((acc, column) => acc.orderBy(column), q))
            .limit(PAGE)
            .offset(offset)
            .execute();
          for (const row of rows) {
            const portable: Record<string, unknown> = {};
            for (const [column, value] of Object.entries(row)) {
              portable[column] =
                booleans.has(column) && typeof value === 'number' ? value !== 0 : toPortable(value);
            }
            write(`${count === 0 ? '' : ','}\n${JSON.stringify(portable)}`);
            count++;
          }
          if (rows.length < PAGE) break;
        }
        write(']');
        counts[table] = count;
      }
      write('},\n"files":{');
      const fileIds = tables.includes('files')
        ? (await trx.selectFrom('files').select('id').orderBy('id').execute()).map((r) => Number(r.id))
        : [];
      for (const id of fileIds) {
        let bytes: AsyncIterable<Buffer>;
        try {
          bytes = await store.open(id);
        } catch {
          filesMissing.push(id);
          continue;
        }
        write(`${filesWritten === 0 ? '' : ','}\n"${id}":"`);
        await writeBase64(bytes, write);
        write('"');
        filesWritten++;
      }
      write('}}\n');
    };
    // One snapshot for the whole dump, so rows that reference each other stay consistent.
    if (db.dialect === 'postgres') {
      await db.kysely
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute((trx) => read(trx as AnyDb));
    } else {
      await db.kysely.transaction().execute((trx) => read(trx as AnyDb));
    }
  } catch (error) {
    closeSync(fd);
    rmSync(partial, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(partial, file);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  io.print(
    `Wrote ${total} rows from ${Object.keys(counts).length} tables and ${filesWritten} files to ${file}.`,
  );
  if (filesMissing.length > 0) {
    io.print(
      `These files were missing from the file store and are not in the dump: ${filesMissing.join(', ')}.`,
    );
  }
  return counts;
}
