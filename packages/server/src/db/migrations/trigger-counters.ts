/**
 * A table of row counts per key, kept by triggers on the counted table (migrations 0010–0012):
 * `counters(key_column PRIMARY KEY → referenced(id) ON DELETE CASCADE, count_column)`, filled
 * from the rows already there, then +1 on insert, −1 on delete, and both when the key (or a
 * column the optional `only` condition reads) changes; rows failing `only` are not counted.
 * Shipped migrations call this: change it only in ways that leave their result the same.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

export interface TriggerCounter {
  /** The counters table, e.g. `bucket_task_counts`. */
  counters: string;
  /** Its key column, named as in the counted table, e.g. `bucket_id`. */
  key: string;
  /** The table the key points to, e.g. `buckets`. */
  referenced: string;
  /** Its count column, e.g. `task_count`. */
  count: string;
  /** The counted table, e.g. `task_buckets`. */
  source: string;
  /** Count only rows for which this holds: `row` is `NEW`, `OLD` or '' (the table itself). */
  only?: (row: string) => string;
  /** The columns `only` reads: a change to them moves a row in or out of the count. */
  onlyColumns?: string[];
}

/** `only` for a row (or always true), as SQL text. */
function holds(c: TriggerCounter, row: string): string {
  return c.only ? `(${c.only(row)})` : 'TRUE';
}

async function sqliteTriggers(db: Kysely<unknown>, c: TriggerCounter) {
  // INSERT … SELECT … WHERE: the WHERE both applies `only` and lets SQLite read the upsert.
  const add = (row: string) =>
    sql.raw(`INSERT INTO ${c.counters} (${c.key}, ${c.count}) SELECT ${row}.${c.key}, 1 WHERE ${holds(c, row)}
     ON CONFLICT (${c.key}) DO UPDATE SET ${c.count} = ${c.count} + 1;`);
  const remove = (row: string) =>
    sql.raw(
      `UPDATE ${c.counters} SET ${c.count} = ${c.count} - 1 WHERE ${c.key} = ${row}.${c.key} AND ${holds(c, row)};`,
    );
  const name = (what: string) => sql.raw(`${c.counters}_${what}`);
  const on = sql.raw(c.source);
  const watched = [c.key, ...(c.onlyColumns ?? [])];
  const changed = watched.map((col) => `OLD.${col} IS NOT NEW.${col}`).join(' OR ');
  await sql`CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${on}
    BEGIN ${add('NEW')} END`.execute(db);
  await sql`CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${on}
    BEGIN ${remove('OLD')} END`.execute(db);
  await sql`CREATE TRIGGER ${name('update')} AFTER UPDATE OF ${sql.raw(watched.join(', '))} ON ${on}
    WHEN ${sql.raw(changed)}
    BEGIN ${remove('OLD')} ${add('NEW')} END`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>, c: TriggerCounter) {
  const fn = sql.raw(`ordo_${c.counters}`);
  const on = sql.raw(c.source);
  const key = sql.raw(c.key);
  const count = sql.raw(c.count);
  const counters = sql.raw(c.counters);
  const watched = [c.key, ...(c.onlyColumns ?? [])];
  const changed = watched.map((col) => `OLD.${col} IS DISTINCT FROM NEW.${col}`).join(' OR ');
  await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        IF ${sql.raw(holds(c, 'OLD'))} THEN
          UPDATE ${counters} SET ${count} = ${count} - 1 WHERE ${key} = OLD.${key};
        END IF;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        IF ${sql.raw(holds(c, 'NEW'))} THEN
          INSERT INTO ${counters} (${key}, ${count}) VALUES (NEW.${key}, 1)
          ON CONFLICT (${key}) DO UPDATE SET ${count} = ${sql.raw(`${c.counters}.${c.count}`)} + 1;
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(`${c.counters}_insert_delete`)} AFTER INSERT OR DELETE ON ${on}
    FOR EACH ROW EXECUTE FUNCTION ${fn}()`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(`${c.counters}_update`)} AFTER UPDATE OF ${sql.raw(watched.join(', '))} ON ${on}
    FOR EACH ROW WHEN (${sql.raw(changed)})
    EXECUTE FUNCTION ${fn}()`.execute(db);
}

export async function createTriggerCounter(db: Kysely<unknown>, dialect: Dialect, c: TriggerCounter) {
  await db.schema
    .createTable(c.counters)
    .addColumn(c.key, 'integer', (col) =>
      col.primaryKey().notNull().references(`${c.referenced}.id`).onDelete('cascade'),
    )
    .addColumn(c.count, 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO ${sql.raw(c.counters)} (${sql.raw(c.key)}, ${sql.raw(c.count)})
    SELECT ${sql.raw(c.key)}, count(*) FROM ${sql.raw(c.source)} WHERE ${sql.raw(holds(c, c.source))}
    GROUP BY ${sql.raw(c.key)}`.execute(db);
  if (dialect === 'sqlite') await sqliteTriggers(db, c);
  else await postgresTriggers(db, c);
}

/**
 * PostgreSQL: the counter's inserts and deletes counted once per statement (migration 0060), from
 * the statement's rows (transition tables), instead of once per row. Updating one counter row
 * again and again in one transaction is quadratic there: every update leaves a row version the
 * next one must step over, as none can be cleaned up before the transaction ends (100,000 tasks
 * inserted into one project took 15 minutes). Updates keep their row trigger: a trigger with a
 * column list cannot read transition tables, and an update moves one row at a time in practice.
 */
export async function countPerStatement(db: Kysely<unknown>, c: TriggerCounter) {
  const counters = c.counters;
  const grouped = (rows: string) =>
    `SELECT ${c.key} AS key, count(*) AS n FROM ${rows} WHERE ${holds(c, rows)} GROUP BY ${c.key}`;
  await sql
    .raw(`CREATE FUNCTION ordo_${counters}_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO ${counters} (${c.key}, ${c.count})
          SELECT added.key, added.n FROM (${grouped('new_rows')}) added
          ON CONFLICT (${c.key}) DO UPDATE SET ${c.count} = ${counters}.${c.count} + excluded.${c.count};
      ELSE
        UPDATE ${counters} SET ${c.count} = ${counters}.${c.count} - gone.n
          FROM (${grouped('old_rows')}) gone WHERE ${counters}.${c.key} = gone.key;
      END IF;
      RETURN NULL;
    END $$`)
    .execute(db);
  await sql.raw(`DROP TRIGGER ${counters}_insert_delete ON ${c.source}`).execute(db);
  await sql
    .raw(`CREATE TRIGGER ${counters}_insert AFTER INSERT ON ${c.source} REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ordo_${counters}_rows()`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ${counters}_delete AFTER DELETE ON ${c.source} REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ordo_${counters}_rows()`)
    .execute(db);
}
