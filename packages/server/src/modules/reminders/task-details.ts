/** Fills `reminders` on a page of tasks with one query. */
import { toApiDate } from '@ordo/core';
import type { TaskDetailLoader } from '../tasks/details.js';
import type { RemindersRepo } from './repo.js';

export function remindersLoader(repo: RemindersRepo): TaskDetailLoader {
  return {
    async fill(page) {
      for (const row of await repo.ofTasks([...page.out.keys()])) {
        const task = page.out.get(row.task_id)!;
        task.reminders ??= [];
        task.reminders.push({
          reminder: toApiDate(row.reminder),
          relative_period: Number(row.relative_period),
          relative_to: row.relative_to,
        });
      }
    },
  };
}
