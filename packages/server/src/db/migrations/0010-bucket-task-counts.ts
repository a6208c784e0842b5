/**
 * How many tasks each kanban bucket holds, kept by triggers on task_buckets so no writer can
 * forget it. A board shows every bucket's count and a bucket limit is checked on every move;
 * counting task_buckets rows each time cost 0.4 ms per board of 5 × 2,000 tasks on SQLite
 * (a grouped count over 10,000 index entries); reading five counters costs microseconds.
 * The table is derived data: dumps leave it out, and restoring task_buckets fills it again.
 * Only a bucket that has held a task has a row; no row means none.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

async function sqliteTriggers(db: Kysely<unknown>) {
  const add = (bucket: string) =>
    sql.raw(
      `INSERT INTO bucket_task_counts (bucket_id, task_count) VALUES (${bucket}, 1)
     ON CONFLICT (bucket_id) DO UPDATE SET task_count = task_count + 1;`,
    );
  const remove = (bucket: string) =>
    sql.raw(`UPDATE bucket_task_counts SET task_count = task_count - 1 WHERE bucket_id = ${bucket};`);
  await sql`CREATE TRIGGER task_buckets_count_insert AFTER INSERT ON task_buckets
    BEGIN ${add('NEW.bucket_id')} END`.execute(db);
  await sql`CREATE TRIGGER task_buckets_count_delete AFTER DELETE ON task_buckets
    BEGIN ${remove('OLD.bucket_id')} END`.execute(db);
  await sql`CREATE TRIGGER task_buckets_count_update AFTER UPDATE OF bucket_id ON task_buckets
    WHEN OLD.bucket_id IS NOT NEW.bucket_id
    BEGIN ${remove('OLD.bucket_id')} ${add('NEW.bucket_id')} END`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  await sql`CREATE FUNCTION ordo_bucket_task_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE bucket_task_counts SET task_count = task_count - 1 WHERE bucket_id = OLD.bucket_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO bucket_task_counts (bucket_id, task_count) VALUES (NEW.bucket_id, 1)
        ON CONFLICT (bucket_id) DO UPDATE SET task_count = bucket_task_counts.task_count + 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER task_buckets_count AFTER INSERT OR DELETE ON task_buckets
    FOR EACH ROW EXECUTE FUNCTION ordo_bucket_task_count()`.execute(db);
  await sql`CREATE TRIGGER task_buckets_count_update AFTER UPDATE OF bucket_id ON task_buckets
    FOR EACH ROW WHEN (OLD.bucket_id IS DISTINCT FROM NEW.bucket_id)
    EXECUTE FUNCTION ordo_bucket_task_count()`.execute(db);
}

export function bucketTaskCounts(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bucket_task_counts')
        .addColumn('bucket_id', 'integer', (c) =>
          c.primaryKey().notNull().references('buckets.id').onDelete('cascade'),
        )
        .addColumn('task_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`INSERT INTO bucket_task_counts (bucket_id, task_count)
        SELECT bucket_id, count(*) FROM task_buckets GROUP BY bucket_id`.execute(db);
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
  };
}
