/** The `assignees` filter field (reference §4.1): tasks with an assignee of these usernames. */
import type { SubTableFilter } from '../tasks/filter-sql.js';

export const assigneesFilter: SubTableFilter = {
  matching: (eb, _comparator, values) =>
    eb.exists(
      eb
        .selectFrom('task_assignees')
        .innerJoin('users', 'users.id', 'task_assignees.user_id')
        .select('task_assignees.id')
        .whereRef('task_assignees.task_id', '=', 'tasks.id')
        .where('users.username', 'in', values.map(String)),
    ),
  any: (eb) =>
    eb.exists(
      eb
        .selectFrom('task_assignees')
        .select('task_assignees.id')
        .whereRef('task_assignees.task_id', '=', 'tasks.id'),
    ),
};
