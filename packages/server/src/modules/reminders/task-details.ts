/** Fills `reminders` on a page of tasks with one query. */
import { toApiDate } from '@ordo/core';
import type { TaskDetailLoader } from '../tasks/details.js';
import type { RemindersRepo } from './repo.js';

export function remindersLoader(repo: RemindersRepo): TaskDetailLoader {
  return {
    async load(page) {
      const rows = await repo.ofTasks([...page.ids]);
      return (tasks) => {
        for (const row of rows) {
          const task = tasks.get(row.task_id);
          if (!task) continue;
          task.reminders ??= [];
          task.reminders.push({
            reminder: toApiDate(row.reminder),
            relative_period: Number(row.relative_period),
            relative_to: row.relative_to,
          });
        }
      };
    },
  };
}
