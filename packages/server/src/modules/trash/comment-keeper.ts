/**
 * Puts a comment being deleted into the trash: inside the delete's transaction, before it goes,
 * the comment and the reactions to it are kept in a trash entry its author can restore.
 */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, TaskCommentRow } from '../../db/schema.js';
import type { CommentKeeper } from '../comments/service.js';
import { CommentSnapshotRepo } from './comment-snapshot-repo.js';
import { TrashRepo } from './repo.js';

/** The first words of a comment, without its markup, as the trash lists it. */
export function commentExcerpt(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

export class CommentTrashKeeper implements CommentKeeper {
  async keep(
    trx: Kysely<Database>,
    userId: number,
    projectId: number,
    comment: TaskCommentRow,
  ): Promise<void> {
    const snapshot = await new CommentSnapshotRepo(trx).capture(comment);
    await new TrashRepo(trx).insert([
      {
        entry: {
          kind: 'comment',
          item_id: comment.id,
          task_id: comment.task_id,
          project_id: projectId,
          title: commentExcerpt(comment.comment),
          deleted_by_id: userId,
          deleted_at: nowIso(),
          payload: JSON.stringify(snapshot),
        },
        fileIds: [],
      },
    ]);
  }
}
