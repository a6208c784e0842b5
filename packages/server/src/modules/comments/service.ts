/**
 * Task comments (reference §2.7, §5.12): reading needs read on the task, writing needs write, and
 * only the author may edit or delete a comment, even a project admin may not (§7 quirk 12). The
 * HTML is sanitised like task descriptions. A comment reached through another task is 4015.
 */
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, TaskCommentRow } from '../../db/schema.js';
import { fail, invalidFields } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import type { NotificationEvents } from '../notifications/events.js';
import { ReactionsRepo } from '../reactions/repo.js';
import { groupReactions } from '../reactions/serialize.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import type { TasksService } from '../tasks/service.js';
import { loadPeople } from './people.js';
import type { CommentsRepo } from './repo.js';
import { type SerializedComment, serializeComment } from './serialize.js';

/** Comments with their authors and reactions: one query each for the whole list. */
export async function serializeComments(
  db: Kysely<Database>,
  rows: readonly TaskCommentRow[],
): Promise<SerializedComment[]> {
  const ids = rows.map((r) => r.id);
  const [people, reactions] = await Promise.all([
    loadPeople(
      db,
      rows.map((r) => r.author_id),
    ),
    new ReactionsRepo(db).ofEntities('comments', ids).then(groupReactions),
  ]);
  return rows.map((r) => serializeComment(r, people.get(r.author_id), reactions.get(r.id)));
}

/**
 * Keeps a comment being deleted so its author can restore it (modules/trash): called inside the
 * delete's transaction, before the comment goes.
 */
export interface CommentKeeper {
  keep(trx: Kysely<Database>, userId: number, projectId: number, comment: TaskCommentRow): Promise<void>;
}

/**
 * Marks the task unread for its other readers (modules/unread): called inside the transaction that
 * adds the comment.
 */
export interface CommentUnreadMarks {
  commented(trx: Kysely<Database>, taskId: number, authorId: number): Promise<void>;
}

export class CommentsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: CommentsRepo,
    private readonly tasks: TasksService,
    /** The change listeners (notifications, webhooks), told after a change commits. */
    private readonly events: NotificationEvents,
    private readonly unread: CommentUnreadMarks,
    /** Where a deleted comment goes (the trash); without one it is gone at once. */
    private readonly keeper?: CommentKeeper,
  ) {}

  async list(
    userId: number,
    taskId: number,
    q: { page: Page; search: string; newestFirst: boolean },
  ): Promise<{ comments: SerializedComment[]; total: number }> {
    await this.tasks.demand(userId, taskId, Right.read);
    const { rows, total } = await this.repo.pageOfTask({
      taskId,
      search: q.search,
      newestFirst: q.newestFirst,
      limit: q.page.limit,
      offset: q.page.offset,
    });
    return { comments: await this.serialize(rows), total };
  }

  async create(userId: number, taskId: number, text: string | null | undefined): Promise<SerializedComment> {
    const comment = readComment(text);
    await this.tasks.demand(userId, taskId, Right.write);
    const row = await this.db.transaction().execute(async (trx) => {
      const inserted = await this.repo.with(trx).insert(taskId, userId, comment);
      await this.unread.commented(trx, taskId, userId);
      return inserted;
    });
    await this.events.taskCommented(userId, taskId, row);
    return (await this.serialize([row]))[0];
  }

  async get(userId: number, taskId: number, commentId: number): Promise<SerializedComment> {
    await this.tasks.demand(userId, taskId, Right.read);
    return (await this.serialize([await this.ofTask(taskId, commentId)]))[0];
  }

  async update(
    userId: number,
    taskId: number,
    commentId: number,
    text: string | null | undefined,
  ): Promise<SerializedComment> {
    const comment = readComment(text);
    await this.demandAuthor(userId, taskId, commentId);
    await this.repo.update(commentId, comment);
    const edited = await this.get(userId, taskId, commentId);
    const row = await this.repo.find(commentId);
    if (row) await this.events.commentEdited(userId, taskId, row);
    return edited;
  }

  async delete(userId: number, taskId: number, commentId: number): Promise<void> {
    const { row, task } = await this.demandAuthor(userId, taskId, commentId);
    await this.db.transaction().execute(async (trx) => {
      await this.keeper?.keep(trx, userId, task.project_id, row);
      await new ReactionsRepo(trx).removeAllOf('comments', [commentId]);
      await this.repo.with(trx).delete(commentId);
    });
    await this.events.commentDeleted(userId, taskId, row);
  }

  serialize(rows: readonly TaskCommentRow[]): Promise<SerializedComment[]> {
    return serializeComments(this.db, rows);
  }

  private async demandAuthor(userId: number, taskId: number, commentId: number) {
    const { task } = await this.tasks.demand(userId, taskId, Right.write);
    const row = await this.ofTask(taskId, commentId);
    if (row.author_id !== userId) throw fail('forbidden');
    return { row, task };
  }

  private async ofTask(taskId: number, commentId: number): Promise<TaskCommentRow> {
    const row = await this.repo.find(commentId);
    if (!row || row.task_id !== taskId) throw fail('commentDoesNotExist');
    return row;
  }
}

function readComment(text: string | null | undefined): string {
  const comment = sanitizeRichText(text ?? '').trim();
  if (!comment) throw invalidFields(['comment: non zero value required']);
  return comment;
}
