/**
 * A table of row counts per key, kept by triggers on the counted table (migrations 0010 and 0011):
 * `counters(key_column PRIMARY KEY → referenced(id) ON DELETE CASCADE, count_column)`, filled
 * from the rows already there, then +1 on insert, −1 on delete, and both when the key changes.
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
}

async function sqliteTriggers(db: Kysely<unknown>, c: TriggerCounter) {
  const add = (key: string) =>
    sql.raw(`INSERT INTO ${c.counters} (${c.key}, ${c.count}) VALUES (${key}, 1)
     ON CONFLICT (${c.key}) DO UPDATE SET ${c.count} = ${c.count} + 1;`);
  const remove = (key: string) =>
    sql.raw(`UPDATE ${c.counters} SET ${c.count} = ${c.count} - 1 WHERE ${c.key} = ${key};`);
  const name = (what: string) => sql.raw(`${c.source}_count_${what}`);
  const on = sql.raw(c.source);
  await sql`CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${on}
    BEGIN ${add(`NEW.${c.key}`)} END`.execute(db);
  await sql`CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${on}
    BEGIN ${remove(`OLD.${c.key}`)} END`.execute(db);
  await sql`CREATE TRIGGER ${name('update')} AFTER UPDATE OF ${sql.raw(c.key)} ON ${on}
    WHEN OLD.${sql.raw(c.key)} IS NOT NEW.${sql.raw(c.key)}
    BEGIN ${remove(`OLD.${c.key}`)} ${add(`NEW.${c.key}`)} END`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>, c: TriggerCounter) {
  const fn = sql.raw(`ordo_${c.counters}`);
  const on = sql.raw(c.source);
  const key = sql.raw(c.key);
  await sql`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE ${sql.raw(c.counters)} SET ${sql.raw(c.count)} = ${sql.raw(c.count)} - 1
        WHERE ${key} = OLD.${key};
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO ${sql.raw(c.counters)} (${key}, ${sql.raw(c.count)}) VALUES (NEW.${key}, 1)
        ON CONFLICT (${key}) DO UPDATE SET ${sql.raw(c.count)} = ${sql.raw(`${c.counters}.${c.count}`)} + 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(`${c.source}_count`)} AFTER INSERT OR DELETE ON ${on}
    FOR EACH ROW EXECUTE FUNCTION ${fn}()`.execute(db);
  await sql`CREATE TRIGGER ${sql.raw(`${c.source}_count_update`)} AFTER UPDATE OF ${key} ON ${on}
    FOR EACH ROW WHEN (OLD.${key} IS DISTINCT FROM NEW.${key})
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
    SELECT ${sql.raw(c.key)}, count(*) FROM ${sql.raw(c.source)} GROUP BY ${sql.raw(c.key)}`.execute(db);
  if (dialect === 'sqlite') await sqliteTriggers(db, c);
  else await postgresTriggers(db, c);
}
