/**
 * The dump file: one JSON object holding every table's rows and, under `files`, the bytes of every
 * stored file (attachments) by id, in base64. Values are kept portable between SQLite and
 * PostgreSQL: booleans as true/false, bytes as {"$bytes": base64}, dates as the text they are
 * stored as. Dumps written before files were included have no `files`.
 */
export const DUMP_FORMAT = 'ordo-dump';
export const DUMP_VERSION = 1;

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: number;
  ordo_version: string;
  created: string;
  source_dialect: string;
  /** Migrations applied in the source database, in order: the dump's schema version. */
  migrations: string[];
}

export interface DumpFile extends DumpHeader {
  tables: Record<string, Record<string, unknown>[]>;
  /** Stored files by id (the `files` table's ids), base64. */
  files?: Record<string, string>;
}

/** A value as it goes into the file. */
export function toPortable(value: unknown): unknown {
  if (Buffer.isBuffer(value) || value instanceof Uint8Array)
    return { $bytes: Buffer.from(value).toString('base64') };
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  return value;
}

/** A value as it goes back into a database. Structured values are stored as JSON text. */
export function fromPortable(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === '$bytes')
    return Buffer.from(String((value as { $bytes: unknown }).$bytes), 'base64');
  return JSON.stringify(value);
}

export function isDumpFile(value: unknown): value is DumpFile {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<DumpFile>;
  return (
    v.format === DUMP_FORMAT &&
    typeof v.version === 'number' &&
    Array.isArray(v.migrations) &&
    v.migrations.every((m) => typeof m === 'string') &&
    !!v.tables &&
    typeof v.tables === 'object' &&
    Object.values(v.tables).every(
      (rows) => Array.isArray(rows) && rows.every((r) => r && typeof r === 'object'),
    ) &&
    (v.files === undefined ||
      (!!v.files &&
        typeof v.files === 'object' &&
        Object.entries(v.files).every(([id, bytes]) => /^\d+$/.test(id) && typeof bytes === 'string')))
  );
}
