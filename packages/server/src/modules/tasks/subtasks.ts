/**
 * `expand=subtasks` on task lists (reference §4.2): the page holds only tasks that are not the
 * subtask of another task of their project, and all their subtasks (at any depth, those the
 * caller can read) follow after the page, which can make the answer longer than `per_page`.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RightsService } from '../rights/service.js';
import type { TaskDetails } from './details.js';
import type { TaskCondition } from './list-repo.js';
import type { SerializedTask } from './serialize.js';

const MAX_DEPTH = 100;

/** Tasks that are no subtask of another task in their own project. */
export const notASubtask: TaskCondition = (eb) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('task_relations as sr')
        .innerJoin('tasks as parent', 'parent.id', 'sr.task_id')
        .select('sr.id')
        .whereRef('sr.other_task_id', '=', 'tasks.id')
        .where('sr.relation_kind', '=', 'subtask')
        .whereRef('parent.project_id', '=', 'tasks.project_id'),
    ),
  );

export class SubtaskExpander {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rights: RightsService,
    private readonly details: TaskDetails,
  ) {}

  /** The page followed by every subtask of its tasks, at any depth, each once. */
  async append(
    userId: number,
    page: SerializedTask[],
    expand: ReadonlySet<string>,
  ): Promise<SerializedTask[]> {
    if (page.length === 0) return page;
    const pageIds = page.map((t) => t.id);
    const below = sql<number>`(
      WITH RECURSIVE below(id, depth) AS (
        SELECT other_task_id, 1 FROM task_relations
        WHERE relation_kind = 'subtask' AND task_id IN (${sql.join(pageIds)})
        UNION
        SELECT r.other_task_id, b.depth + 1 FROM task_relations r JOIN below b ON r.task_id = b.id
        WHERE r.relation_kind = 'subtask' AND b.depth < ${MAX_DEPTH}
      )
      SELECT id FROM below)`;
    const rows = await this.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', 'in', below)
      .where('id', 'not in', pageIds)
      .where('project_id', 'in', this.rights.visibleProjectIds(userId))
      .orderBy('id')
      .execute();
    if (rows.length === 0) return page;
    return [...page, ...(await this.details.serialize(userId, rows, { expand }))];
  }
}
