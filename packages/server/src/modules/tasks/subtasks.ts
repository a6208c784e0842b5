/**
 * `expand=subtasks` on task lists (reference §4.2): the page holds only tasks that are not the
 * subtask of another task of their project, and all their subtasks (at any depth, those the
 * caller can read) follow after the page, which can make the answer longer than `per_page`.
 */
import type { RightsService } from '../rights/service.js';
import type { TaskDetails } from './details.js';
import type { TaskListRepo } from './list-repo.js';
import type { SerializedTask } from './serialize.js';
import type { TaskCondition } from './task-condition.js';

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
    private readonly repo: TaskListRepo,
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
    const rows = await this.repo.subtasksBelow(
      page.map((t) => t.id),
      this.rights.visibleProjectIds(userId),
      MAX_DEPTH,
    );
    if (rows.length === 0) return page;
    return [...page, ...(await this.details.serialize(userId, rows, { expand }))];
  }
}
