/**
 * A condition on the task list query, as filters, search and scopes hand it to the list
 * repository: a function of the query's expression builder over `tasks` and the view's
 * `tp` (task_positions) and `tb` (task_buckets) rows.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FieldValuesMatch } from '../custom-fields/filter-match.js';

export type TaskEb = ExpressionBuilder<
  Database & { tp: Database['task_positions']; tb: Database['task_buckets'] },
  'tasks'
>;

export interface TaskCondition {
  /**
   * `walking` is true when the query walks the tasks in id order and stops at the page (SQLite's
   * id-order walk, list-plan.ts): a condition on another table is then best a correlated EXISTS
   * per task, not an IN list built from every match first.
   */
  (eb: TaskEb, walking?: boolean): Expression<SqlBool>;
  /**
   * True when the condition reads the view's position or bucket columns (`tp`, `tb`): a count
   * then needs the view's tables joined. Unset means it reads `tasks` (and sub-queries) only.
   */
  readonly readsView?: boolean;
  /**
   * Set when the condition is exactly "has a custom field value among these rows": a list whose
   * only condition it is counts its tasks from the values' index alone.
   */
  readonly fieldValues?: FieldValuesMatch;
}

/** Marks a condition as reading the view's position or bucket columns. */
export function readingView(condition: (eb: TaskEb) => Expression<SqlBool>): TaskCondition {
  return Object.assign(condition, { readsView: true });
}
