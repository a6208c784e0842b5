/** Fills `assignees` on a page of tasks with one query. */
import type { TaskDetailLoader } from '../tasks/details.js';
import { publicUser } from '../users/serialize.js';
import type { AssigneesRepo } from './repo.js';

export function assigneesLoader(repo: AssigneesRepo): TaskDetailLoader {
  return {
    async load(page) {
      const rows = await repo.usersOfTasks([...page.ids]);
      return (tasks) => {
        for (const { task_id, ...user } of rows) {
          const task = tasks.get(task_id);
          if (!task) continue;
          task.assignees ??= [];
          task.assignees.push(publicUser(user));
        }
      };
    },
  };
}
