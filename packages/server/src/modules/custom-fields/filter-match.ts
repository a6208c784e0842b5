/**
 * A filter condition on a custom field, as the value rows it selects: `Estimate > 3` is the rows
 * of the "Estimate" fields (of the projects the list covers) whose number is above 3. The task
 * list reads them through the (field, value) indexes; a list whose only condition is one such
 * match counts its tasks from those rows alone (see `FieldValuesMatch`).
 */
import { type FilterCondition, isNegativeComparator } from '@ordo/core';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { likeIgnoringCase } from '../input/like.js';

/** The query builder over one value row, `cfv` (task_field_values). */
export type ValueEb = ExpressionBuilder<Database & { cfv: Database['task_field_values'] }, 'cfv'>;

/**
 * The value rows a positive condition on a custom field selects. The tasks meeting it are the
 * tasks of those rows: a task's values are always of its own project's fields (a task moved to
 * another project takes its values to that project's fields or drops them), and a deleted task's
 * values leave with it. So the rows of the fields of the projects in scope are the matches, and
 * counting them needs no task row.
 */
export interface FieldValuesMatch {
  /** The fields the condition reads, each with its project. */
  fields: readonly { id: number; projectId: number }[];
  /** Which of those fields' rows match. */
  where: (cfv: ValueEb) => Expression<SqlBool>;
  /** False when a task may have several matching rows (a multiple choice): count tasks, not rows. */
  oneRowPerTask: boolean;
}

/**
 * What a condition on a custom field matches: `rows` (value rows, for `=`, `>`, `in`, `like`…;
 * the negative comparators match the tasks that have a value and none of these), or every task
 * (`like` on a person, accepted and ignored as on assignees).
 */
export type CustomFieldRows =
  | { kind: 'rows'; negative: boolean; where: (cfv: ValueEb) => Expression<SqlBool> }
  | { kind: 'everyTask' };

/**
 * The value rows a condition selects. `values` are the condition's values, dates already
 * resolved to stored text. Numbers (number, checkbox, person) compare `num_value`, the rest
 * `text_value`; a person is named by username.
 */
export function customFieldRows(
  c: FilterCondition,
  values: readonly (string | number | boolean)[],
): CustomFieldRows {
  const numeric = c.kind === 'float' || c.kind === 'bool' || c.kind === 'usernames';
  const column = sql.ref(numeric ? 'cfv.num_value' : 'cfv.text_value');
  const negative = isNegativeComparator(c.comparator);
  const comparator = negative ? (c.comparator === '!=' ? '=' : 'in') : c.comparator;
  const bound = values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));
  if (c.kind === 'usernames') {
    // `like` on usernames is accepted and ignored, as on assignees.
    if (comparator === 'like') return { kind: 'everyTask' };
    return {
      kind: 'rows',
      negative,
      where: (cfv) =>
        cfv(
          column,
          'in',
          cfv
            .selectFrom('users')
            .select('users.id')
            .where('users.username', 'in', bound as string[]),
        ),
    };
  }
  if (comparator === 'like') {
    const text = String(bound[0]);
    const pattern = text.includes('%') ? text : `%${text}%`;
    return { kind: 'rows', negative, where: () => likeIgnoringCase(column, pattern) };
  }
  if (comparator === 'in') return { kind: 'rows', negative, where: (cfv) => cfv(column, 'in', bound) };
  return { kind: 'rows', negative, where: (cfv) => cfv(column, comparator as '=', bound[0]) };
}
