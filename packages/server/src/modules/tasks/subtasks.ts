/**
 * `expand=subtasks` on task lists (reference §4.2): the page holds only tasks that are not the
 * subtask of another task of their project, and all their subtasks (at any depth, those the
 * caller can read) follow after the page, which can make the answer longer than `per_page`.
 */
import type { TaskRow } from '../../db/schema.js';
import type { RightsService } from '../rights/service.js';
import type { TaskDetails } from './details.js';
import type { TaskListRepo } from './list-repo.js';
import type { SerializedTask } from './serialize.js';
import type { TaskCondition } from './task-condition.js';

const MAX_DEPTH = 100;

/**
 * Tasks that are no subtask of another task in their own project (kept by triggers, migration 0059).
 *
 * The first test, whether there is any such subtask at all, is read once per query. It is there
 * for PostgreSQL once the table has been analysed while empty (VACUUM ANALYZE: after a restore,
 * or by an operator, while no one uses subtasks): its planner then costs scanning the table at
 * nothing and scans it again for every task row, and each new scan costs a few microseconds (the
 * file's size is looked up each time). A page of 50 of 10,000 tasks took 0.41 ms instead of 0.18,
 * a filtered total of 8,000 tasks 17 ms instead of 1. Measured with `pgbench`:
 * - with 2,000 subtasks in the table the page is as fast as before (0.21–0.26 ms), but such a
 *   total, which no longer becomes a hash anti-join, costs 2.4 ms instead of 1.4;
 * - never analysed (a new database), both forms cost about the same.
 */
export const notASubtask: TaskCondition = (eb) =>
  eb.or([
    eb.not(eb.exists(eb.selectFrom('project_subtasks as any_ps').select('any_ps.task_id'))),
    eb.not(
      eb.exists(
        eb.selectFrom('project_subtasks as ps').select('ps.task_id').whereRef('ps.task_id', '=', 'tasks.id'),
      ),
    ),
  ]);

export class SubtaskExpander {
  constructor(
    private readonly repo: TaskListRepo,
    private readonly rights: RightsService,
    private readonly details: TaskDetails,
  ) {}

  /**
   * Every subtask of the page's tasks (by id), at any depth, each once and not on the page: rows
   * for `append`. Its query can go out together with the page's details.
   */
  below(userId: number, pageIds: readonly number[]): Promise<TaskRow[]> {
    if (pageIds.length === 0) return Promise.resolve([]);
    return this.repo.subtasksBelow(pageIds, this.rights.visibleProjectIds(userId), MAX_DEPTH);
  }

  /** The page followed by its subtasks (`below`'s rows), serialised. */
  async append(
    userId: number,
    page: SerializedTask[],
    rows: TaskRow[],
    expand: ReadonlySet<string>,
  ): Promise<SerializedTask[]> {
    if (rows.length === 0) return page;
    return [...page, ...(await this.details.serialize(userId, rows, { expand }))];
  }
}
