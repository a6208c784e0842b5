/** `expand=reactions`: fills `reactions` on a page of tasks with one query. */
import type { TaskDetailLoader } from '../tasks/details.js';
import type { ReactionsRepo } from './repo.js';
import { groupReactions } from './serialize.js';

export function reactionsLoader(repo: ReactionsRepo): TaskDetailLoader {
  return {
    async load(page) {
      if (!page.expand.has('reactions')) return () => {};
      const grouped = groupReactions(await repo.ofEntities('tasks', [...page.ids]));
      return (tasks) => {
        for (const [taskId, map] of grouped) {
          const task = tasks.get(taskId);
          if (task) task.reactions = map;
        }
      };
    },
  };
}
