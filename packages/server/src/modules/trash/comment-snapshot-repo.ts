/** SQL for a comment taken out with the reactions to it, and put back (comment-keeper.ts). */
import type { Kysely } from 'kysely';
import type { Database, ReactionRow, TaskCommentRow } from '../../db/schema.js';

/** What a comment's trash entry holds. */
export interface CommentSnapshot {
  comment: TaskCommentRow;
  reactions: ReactionRow[];
}

export class CommentSnapshotRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async capture(comment: TaskCommentRow): Promise<CommentSnapshot> {
    const reactions = await this.db
      .selectFrom('reactions')
      .selectAll()
      .where('entity_kind', '=', 'comments')
      .where('entity_id', '=', comment.id)
      .execute();
    return { comment, reactions };
  }

  /** Puts the comment back with its id; reactions of users deleted meanwhile stay away. */
  async restore(snapshot: CommentSnapshot): Promise<void> {
    await this.db.insertInto('task_comments').values(snapshot.comment).execute();
    if (snapshot.reactions.length === 0) return;
    const users = new Set(
      (
        await this.db
          .selectFrom('users')
          .select('id')
          .where(
            'id',
            'in',
            snapshot.reactions.map((r) => r.user_id),
          )
          .execute()
      ).map((u) => u.id),
    );
    const kept = snapshot.reactions.filter((r) => users.has(r.user_id));
    if (kept.length > 0) await this.db.insertInto('reactions').values(kept).execute();
  }
}
