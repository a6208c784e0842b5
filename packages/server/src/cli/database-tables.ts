/**
 * What dump and restore need to know about the live database, read from its catalogue rather
 * than from our schema types, so tables added by later migrations are covered automatically.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database.js';

export interface ForeignKey {
  table: string;
  column: string;
  referencedTable: string;
  referencedColumn: string;
}

export interface TableInfo {
  name: string;
  columns: string[];
  /** Columns declared boolean; SQLite hands them out as 0/1. */
  booleanColumns: string[];
  primaryKey: string[];
}

// biome-ignore lint/suspicious/noExplicitAny: the catalogue is queried without our schema types.
type AnyDb = Kysely<any>;

/**
 * Tables that triggers fill from other tables (migrations 0010–0012, 0028, 0033, 0041, 0059, 0062): never dumped,
 * and refilled as a restore inserts their sources, so they are left out of the list.
 */
const DERIVED_TABLES: readonly string[] = [
  'bucket_task_counts',
  'project_task_counts',
  'project_open_task_counts',
  'project_subtasks',
  'search_terms',
  'task_search_terms',
  'search_postings_pending',
  'caldav_sync_state',
  'caldav_changes',
  'project_list_versions',
];

/**
 * Counters that mean nothing once their minute or backoff has passed (the login rate limit, failed
 * sign-ins), answers kept a day for retried requests (Idempotency-Key) and webhook deliveries
 * waiting for a retry within minutes: never dumped.
 */
const TRANSIENT_TABLES: readonly string[] = [
  'rate_limit_hits',
  'auth_failures',
  'idempotency_keys',
  'webhook_retries',
];

export async function tableNames(db: AnyDb, dialect: Dialect): Promise<string[]> {
  return (await catalogueTables(db, dialect)).filter(
    (name) => !DERIVED_TABLES.includes(name) && !TRANSIENT_TABLES.includes(name),
  );
}

/** Every plain table of the live database, derived and transient ones included. */
export async function catalogueTables(db: AnyDb, dialect: Dialect): Promise<string[]> {
  if (dialect === 'sqlite') {
    // pragma_table_list tells plain tables from virtual (full-text) tables and their shadow
    // tables, which triggers fill from the tasks table and are never dumped.
    const { rows } = await sql<{ name: string }>`
      select name from pragma_table_list where schema = 'main' and type = 'table'
      and name not like 'sqlite\\_%' escape '\\' order by name`.execute(db);
    return rows.map((r) => r.name);
  }
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return rows.map((r) => r.name);
}

export async function tableInfo(db: AnyDb, dialect: Dialect, table: string): Promise<TableInfo> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string; type: string; pk: number }>`
      select name, type, pk from pragma_table_info(${table}) order by cid`.execute(db);
    return {
      name: table,
      columns: rows.map((r) => r.name),
      booleanColumns: rows.filter((r) => /^bool/i.test(r.type)).map((r) => r.name),
      primaryKey: rows
        .filter((r) => r.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((r) => r.name),
    };
  }
  const { rows } = await sql<{ name: string; type: string }>`
    select column_name as name, data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(db);
  const pk = await sql<{ name: string }>`
    select k.column_name as name from information_schema.table_constraints c
    join information_schema.key_column_usage k
      on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema and k.table_name = c.table_name
    where c.table_schema = current_schema() and c.table_name = ${table} and c.constraint_type = 'PRIMARY KEY'
    order by k.ordinal_position`.execute(db);
  return {
    name: table,
    columns: rows.map((r) => r.name),
    booleanColumns: rows.filter((r) => r.type === 'boolean').map((r) => r.name),
    primaryKey: pk.rows.map((r) => r.name),
  };
}

export async function foreignKeys(
  db: AnyDb,
  dialect: Dialect,
  tables: readonly string[],
): Promise<ForeignKey[]> {
  if (dialect === 'sqlite') {
    const all: ForeignKey[] = [];
    for (const table of tables) {
      const { rows } = await sql<{ table: string; from: string; to: string | null }>`
        select "table", "from", "to" from pragma_foreign_key_list(${table})`.execute(db);
      for (const r of rows) {
        all.push({ table, column: r.from, referencedTable: r.table, referencedColumn: r.to ?? 'id' });
      }
    }
    return all;
  }
  const { rows } = await sql<ForeignKey>`
    select cl.relname as "table", a.attname as "column", ref.relname as "referencedTable", ra.attname as "referencedColumn"
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join pg_class ref on ref.oid = c.confrelid
    cross join lateral unnest(c.conkey, c.confkey) as k(attnum, refnum)
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
    join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = k.refnum
    where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
  return rows;
}

/** Tables ordered so that every table comes after the tables it references (cycles keep their order). */
export function insertOrder(tables: readonly string[], keys: readonly ForeignKey[]): string[] {
  const pending = new Set(tables);
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter((table) =>
      keys.every((k) => k.table !== table || k.referencedTable === table || !pending.has(k.referencedTable)),
    );
    const next = ready.length > 0 ? ready : [...pending].slice(0, 1);
    for (const table of next) {
      ordered.push(table);
      pending.delete(table);
    }
  }
  return ordered;
}

/** Rows of a table that references itself (parent projects, …), parents before children. */
export function parentsFirst(rows: readonly Record<string, unknown>[], selfKeys: readonly ForeignKey[]) {
  if (selfKeys.length === 0) return [...rows];
  const present = new Map(
    selfKeys.map((k) => [k.referencedColumn, new Set(rows.map((r) => r[k.referencedColumn]))]),
  );
  const emitted = new Map(selfKeys.map((k) => [k.referencedColumn, new Set<unknown>()]));
  const ordered: Record<string, unknown>[] = [];
  let pending = [...rows];
  while (pending.length > 0) {
    const ready = pending.filter((row) =>
      selfKeys.every((k) => {
        const value = row[k.column];
        if (value === null || value === undefined || value === 0) return true;
        return emitted.get(k.referencedColumn)?.has(value) || !present.get(k.referencedColumn)?.has(value);
      }),
    );
    const next = ready.length > 0 ? ready : pending.slice(0, 1);
    for (const row of next) {
      ordered.push(row);
      for (const k of selfKeys) emitted.get(k.referencedColumn)?.add(row[k.referencedColumn]);
    }
    const taken = new Set(next);
    pending = pending.filter((row) => !taken.has(row));
  }
  return ordered;
}

/** PostgreSQL: moves every serial/identity sequence past the highest id restored. */
export async function resetSequences(db: AnyDb): Promise<number> {
  const { rows } = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`.execute(
    db,
  );
  for (const { table, column } of rows) {
    await sql`select setval(pg_get_serial_sequence(quote_ident(${table}), ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
  return rows.length;
}
