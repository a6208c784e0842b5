/** `expand=is_unread` on a page of tasks: one query for the caller's marks on the whole page. */
import type { TaskDetailLoader } from '../tasks/details.js';
import type { UnreadRepo } from './repo.js';

export function unreadLoader(repo: UnreadRepo): TaskDetailLoader {
  return {
    async load(page) {
      if (!page.expand.has('is_unread')) return () => {};
      // A link share (negative id) keeps no marks: nothing is unread for it.
      const unread = page.userId > 0 ? await repo.unreadIds(page.userId, page.ids) : new Set<number>();
      return (tasks) => {
        for (const [id, task] of tasks) task.is_unread = unread.has(id);
      };
    },
  };
}
