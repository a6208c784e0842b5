/** `expand=reactions`: fills `reactions` on a page of tasks with one query. */
import type { TaskDetailLoader } from '../tasks/details.js';
import type { ReactionsRepo } from './repo.js';
import { groupReactions } from './serialize.js';

export function reactionsLoader(repo: ReactionsRepo): TaskDetailLoader {
  return {
    async fill(page) {
      if (!page.expand.has('reactions')) return;
      const grouped = groupReactions(await repo.ofEntities('tasks', [...page.out.keys()]));
      for (const [taskId, map] of grouped) page.out.get(taskId)!.reactions = map;
    },
  };
}
