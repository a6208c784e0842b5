/**
 * `expand=comments` (the first 50 of each task, oldest first) and `expand=comment_count` on a
 * page of tasks, each with one query for the whole page.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TaskDetailLoader } from '../tasks/details.js';
import type { CommentsRepo } from './repo.js';
import { serializeComments } from './service.js';

const EXPANDED_COMMENTS = 50;

export function commentsLoader(repo: CommentsRepo, db: Kysely<Database>): TaskDetailLoader {
  return {
    async load(page) {
      const ids = [...page.ids];
      const [first, counts] = await Promise.all([
        page.expand.has('comments')
          ? repo.firstOfTasks(ids, EXPANDED_COMMENTS).then(async (rows) => ({
              rows,
              serialized: await serializeComments(db, rows),
            }))
          : null,
        page.expand.has('comment_count') ? repo.countOfTasks(ids) : null,
      ]);
      return (tasks) => {
        // Like Vikunja's omitempty list: tasks without comments carry no `comments` key.
        first?.rows.forEach((row, i) => {
          const task = tasks.get(row.task_id);
          if (!task) return;
          task.comments ??= [];
          task.comments.push(first.serialized[i]);
        });
        if (counts) for (const [id, task] of tasks) task.comment_count = counts.get(id) ?? 0;
      };
    },
  };
}
