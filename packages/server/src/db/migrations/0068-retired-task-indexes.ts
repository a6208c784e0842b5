/**
 * `retired_task_indexes`: per project, the highest task index it has given to a task that has
 * since left it (deleted, so perhaps in the trash, or moved to another project). The next task's
 * index is one past both this and the live tasks' highest, so an index, once given, never names
 * another task: `#5` in a comment or a link keeps meaning the task it meant, and a task restored
 * from the trash gets its own index back (reference §4.6: "it is never reused").
 *
 * Tasks already in the trash count from the start: their index is read from the entry.
 */
import { type Kysely, sql } from 'kysely';

/** Trash entries read per query: a payload holds a whole task. */
const PAGE = 500;

export function retiredTaskIndexes() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('retired_task_indexes')
        .addColumn('project_id', 'integer', (c) =>
          c.primaryKey().references('projects.id').onDelete('cascade'),
        )
        .addColumn('task_index', 'integer', (c) => c.notNull())
        .execute();
      const highest = new Map<number, number>();
      for (let after = 0; ; ) {
        const { rows } = await sql<{ id: number; project_id: number; payload: string }>`
          SELECT id, project_id, payload FROM trash
          WHERE kind = 'task' AND project_id IS NOT NULL AND id > ${after}
          ORDER BY id LIMIT ${PAGE}`.execute(db);
        if (rows.length === 0) break;
        for (const row of rows) {
          const index = indexOf(row.payload);
          const project = Number(row.project_id);
          if (index > (highest.get(project) ?? 0)) highest.set(project, index);
        }
        after = Number(rows[rows.length - 1]?.id);
      }
      for (const [project, index] of highest) {
        await sql`INSERT INTO retired_task_indexes (project_id, task_index) VALUES (${project}, ${index})`.execute(
          db,
        );
      }
    },
  };
}

/** The task's index in a trash entry's payload (`{"task": {…, "index": 5}, …}`); 0 if unreadable. */
function indexOf(payload: string): number {
  try {
    const index = Number((JSON.parse(payload) as { task?: { index?: unknown } }).task?.index);
    return Number.isInteger(index) && index > 0 ? index : 0;
  } catch {
    return 0;
  }
}
