/**
 * `expand=comments` (the first 50 of each task, oldest first) and `expand=comment_count` on a
 * page of tasks, each with one query for the whole page.
 */
import type { TaskDetailLoader } from '../tasks/details.js';
import type { CommentsRepo } from './repo.js';
import type { CommentsService } from './service.js';

const EXPANDED_COMMENTS = 50;

export function commentsLoader(repo: CommentsRepo, service: CommentsService): TaskDetailLoader {
  return {
    async fill(page) {
      const ids = [...page.out.keys()];
      if (page.expand.has('comments')) {
        const rows = await repo.firstOfTasks(ids, EXPANDED_COMMENTS);
        const serialized = await service.serialize(rows);
        // Like Vikunja's omitempty list: tasks without comments carry no `comments` key.
        rows.forEach((row, i) => {
          const task = page.out.get(row.task_id)!;
          task.comments ??= [];
          task.comments.push(serialized[i]);
        });
      }
      if (page.expand.has('comment_count')) {
        const counts = await repo.countOfTasks(ids);
        for (const [id, task] of page.out) task.comment_count = counts.get(id) ?? 0;
      }
    },
  };
}
