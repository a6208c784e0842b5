/** The `reminders` filter field (reference §4.1): tasks with a reminder matching the dates. */
import type { SubTableFilter } from '../tasks/filter-sql.js';

export const remindersFilter: SubTableFilter = {
  matching: (eb, comparator, values) => {
    const base = eb
      .selectFrom('task_reminders')
      .select('task_reminders.id')
      .whereRef('task_reminders.task_id', '=', 'tasks.id');
    if (comparator === 'in')
      return eb.exists(base.where('task_reminders.reminder', 'in', values.map(String)));
    if (comparator === 'like')
      return eb.exists(base.where('task_reminders.reminder', '=', String(values[0])));
    return eb.exists(base.where('task_reminders.reminder', comparator, String(values[0])));
  },
  matchingAll: (eb, conditions) => {
    let query = eb
      .selectFrom('task_reminders')
      .select('task_reminders.id')
      .whereRef('task_reminders.task_id', '=', 'tasks.id');
    for (const { comparator, value } of conditions) {
      query = query.where('task_reminders.reminder', comparator, value);
    }
    return eb.exists(query);
  },
  any: (eb) =>
    eb.exists(
      eb
        .selectFrom('task_reminders')
        .select('task_reminders.id')
        .whereRef('task_reminders.task_id', '=', 'tasks.id'),
    ),
};
