/**
 * Kanban buckets in position order straight from an index. A bucket's page is "its tasks by their
 * position in the view", but the bucket lives in task_buckets and the position in task_positions,
 * so every page joined and sorted all of the bucket's tasks (2,000 tasks: milliseconds per bucket).
 * task_buckets now carries a copy of the task's position in that view, kept equal to
 * task_positions by triggers (so no writer can forget it), and an index walks a bucket in order:
 * (bucket_id, project_view_id, position IS NULL, position, task_id) — tasks without a position
 * last, as the task lists sort them.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

async function sqliteTriggers(db: Kysely<unknown>) {
  await sql`CREATE TRIGGER task_buckets_position_insert AFTER INSERT ON task_buckets BEGIN
    UPDATE task_buckets SET position = (SELECT position FROM task_positions
      WHERE task_id = NEW.task_id AND project_view_id = NEW.project_view_id)
    WHERE task_id = NEW.task_id AND project_view_id = NEW.project_view_id; END`.execute(db);
  await sql`CREATE TRIGGER task_positions_to_buckets_insert AFTER INSERT ON task_positions BEGIN
    UPDATE task_buckets SET position = NEW.position
    WHERE task_id = NEW.task_id AND project_view_id = NEW.project_view_id; END`.execute(db);
  await sql`CREATE TRIGGER task_positions_to_buckets_update AFTER UPDATE ON task_positions BEGIN
    UPDATE task_buckets SET position = NULL
    WHERE task_id = OLD.task_id AND project_view_id = OLD.project_view_id;
    UPDATE task_buckets SET position = NEW.position
    WHERE task_id = NEW.task_id AND project_view_id = NEW.project_view_id; END`.execute(db);
  await sql`CREATE TRIGGER task_positions_to_buckets_delete AFTER DELETE ON task_positions BEGIN
    UPDATE task_buckets SET position = NULL
    WHERE task_id = OLD.task_id AND project_view_id = OLD.project_view_id; END`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  await sql`CREATE FUNCTION ordo_task_bucket_position() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.position := (SELECT position FROM task_positions
        WHERE task_id = NEW.task_id AND project_view_id = NEW.project_view_id);
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER task_buckets_position_insert BEFORE INSERT ON task_buckets
    FOR EACH ROW EXECUTE FUNCTION ordo_task_bucket_position()`.execute(db);
  await sql`CREATE FUNCTION ordo_task_position_to_bucket() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE task_buckets SET position = NULL
        WHERE task_id = OLD.task_id AND project_view_id = OLD.project_view_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        UPDATE task_buckets SET position = NEW.position
        WHERE task_id = NEW.task_id AND project_view_id = NEW.project_view_id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER task_positions_to_buckets AFTER INSERT OR UPDATE OR DELETE ON task_positions
    FOR EACH ROW EXECUTE FUNCTION ordo_task_position_to_bucket()`.execute(db);
}

export function kanbanOrder(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('task_buckets').addColumn('position', 'double precision').execute();
      await sql`UPDATE task_buckets SET position = (SELECT tp.position FROM task_positions tp
        WHERE tp.task_id = task_buckets.task_id
        AND tp.project_view_id = task_buckets.project_view_id)`.execute(db);
      await sql`CREATE INDEX task_buckets_order ON task_buckets
        (bucket_id, project_view_id, (position IS NULL), position, task_id)`.execute(db);
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
  };
}
