/** Fills `assignees` on a page of tasks with one query. */
import type { TaskDetailLoader } from '../tasks/details.js';
import { publicUser } from '../users/serialize.js';
import type { AssigneesRepo } from './repo.js';

export function assigneesLoader(repo: AssigneesRepo): TaskDetailLoader {
  return {
    async fill(page) {
      for (const { task_id, ...user } of await repo.usersOfTasks([...page.out.keys()])) {
        const task = page.out.get(task_id)!;
        task.assignees ??= [];
        task.assignees.push(publicUser(user));
      }
    },
  };
}
