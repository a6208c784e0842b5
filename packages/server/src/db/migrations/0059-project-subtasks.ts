/**
 * The tasks that are a subtask of another task of their own project (`project_subtasks`), kept by
 * triggers on task_relations and on a task's project. A list view with `expand=subtasks` shows
 * only the other tasks; its total had to check every open task of the project for a parent (a
 * NOT EXISTS over task_relations per task: 1.6 of the 3 ms a 10,000-task list page cost SQLite).
 * With this table the total is the open-task counter (migration 0012) less the open tasks listed
 * here, which costs what the project's subtasks number, and the page's check is one key lookup.
 *
 * A task is listed when some `subtask` relation (parent `task_id`, child `other_task_id`) comes
 * from a task of the same project. What can change that is a subtask relation made or removed
 * (also by cascade when either task is deleted) and a task moving to another project, which
 * changes it for the task and for each of its subtasks. On each such change the affected tasks
 * are worked out again from scratch, so the table never drifts from the relations.
 * Derived data: dumps leave it out, a restore refills it as it inserts relations.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Whether the task row `c` (an alias) has a parent of its own project. */
const HAS_PARENT_IN_PROJECT = `EXISTS (SELECT 1 FROM task_relations r JOIN tasks p ON p.id = r.task_id
  WHERE r.other_task_id = c.id AND r.relation_kind = 'subtask' AND p.project_id = c.project_id)`;

/**
 * SQL statements that work out again whether the tasks `ids` (a list or subquery) are listed. Two
 * PostgreSQL transactions listing the same task at once (two parents added together) would both
 * insert it: the second one keeps the first one's row.
 */
function relist(ids: string): string {
  return `DELETE FROM project_subtasks WHERE task_id IN (${ids});
    INSERT INTO project_subtasks (task_id, project_id)
      SELECT c.id, c.project_id FROM tasks c WHERE c.id IN (${ids}) AND ${HAS_PARENT_IN_PROJECT}
      ON CONFLICT (task_id) DO NOTHING;`;
}

/** A task and its subtasks: those whose listing a move of task `id` can change. */
const taskAndSubtasks = (id: string) =>
  `SELECT ${id} UNION SELECT other_task_id FROM task_relations WHERE task_id = ${id} AND relation_kind = 'subtask'`;

async function sqliteTriggers(db: Kysely<unknown>) {
  const triggers: [string, string][] = [
    [
      'relation_insert',
      `AFTER INSERT ON task_relations WHEN NEW.relation_kind = 'subtask'
        BEGIN ${relist('NEW.other_task_id')} END`,
    ],
    [
      'relation_delete',
      `AFTER DELETE ON task_relations WHEN OLD.relation_kind = 'subtask'
        BEGIN ${relist('OLD.other_task_id')} END`,
    ],
    [
      'relation_update',
      `AFTER UPDATE ON task_relations WHEN OLD.relation_kind = 'subtask' OR NEW.relation_kind = 'subtask'
        BEGIN ${relist('OLD.other_task_id, NEW.other_task_id')} END`,
    ],
    [
      'task_moved',
      `AFTER UPDATE OF project_id ON tasks WHEN OLD.project_id IS NOT NEW.project_id
        BEGIN ${relist(taskAndSubtasks('NEW.id'))} END`,
    ],
  ];
  for (const [name, body] of triggers)
    await sql.raw(`CREATE TRIGGER project_subtasks_${name} ${body}`).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  await sql`CREATE FUNCTION ordo_project_subtasks_relist(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      ${sql.raw(relist('SELECT unnest(ids)'))}
    END $$`.execute(db);
  await sql`CREATE FUNCTION ordo_project_subtasks_relation() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.relation_kind = 'subtask' THEN PERFORM ordo_project_subtasks_relist(ARRAY[NEW.other_task_id]); END IF;
      ELSIF TG_OP = 'DELETE' THEN
        IF OLD.relation_kind = 'subtask' THEN PERFORM ordo_project_subtasks_relist(ARRAY[OLD.other_task_id]); END IF;
      ELSIF OLD.relation_kind = 'subtask' OR NEW.relation_kind = 'subtask' THEN
        PERFORM ordo_project_subtasks_relist(ARRAY[OLD.other_task_id, NEW.other_task_id]);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER project_subtasks_relation AFTER INSERT OR UPDATE OR DELETE ON task_relations
    FOR EACH ROW EXECUTE FUNCTION ordo_project_subtasks_relation()`.execute(db);
  await sql`CREATE FUNCTION ordo_project_subtasks_task_moved() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM ordo_project_subtasks_relist(ARRAY(${sql.raw(taskAndSubtasks('NEW.id'))}));
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER project_subtasks_task_moved AFTER UPDATE OF project_id ON tasks
    FOR EACH ROW WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id)
    EXECUTE FUNCTION ordo_project_subtasks_task_moved()`.execute(db);
}

export function projectSubtasks(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('project_subtasks')
        .addColumn('task_id', 'integer', (c) => c.primaryKey().references('tasks.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('project_subtasks_project')
        .on('project_subtasks')
        .column('project_id')
        .execute();
      await sql
        .raw(`INSERT INTO project_subtasks (task_id, project_id)
          SELECT c.id, c.project_id FROM tasks c WHERE ${HAS_PARENT_IN_PROJECT}`)
        .execute(db);
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
  };
}
