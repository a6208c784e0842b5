/**
 * A condition on the task list query, as filters, search and scopes hand it to the list
 * repository: a function of the query's expression builder over `tasks` and the view's
 * `tp` (task_positions) and `tb` (task_buckets) rows.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';

export type TaskEb = ExpressionBuilder<
  Database & { tp: Database['task_positions']; tb: Database['task_buckets'] },
  'tasks'
>;

export interface TaskCondition {
  (eb: TaskEb): Expression<SqlBool>;
  /**
   * True when the condition reads the view's position or bucket columns (`tp`, `tb`): a count
   * then needs the view's tables joined. Unset means it reads `tasks` (and sub-queries) only.
   */
  readonly readsView?: boolean;
}

/** Marks a condition as reading the view's position or bucket columns. */
export function readingView(condition: (eb: TaskEb) => Expression<SqlBool>): TaskCondition {
  return Object.assign(condition, { readsView: true });
}
