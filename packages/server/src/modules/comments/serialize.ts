/** The comment shape of reference §3.10. */
import type { Comment } from '@ordo/core';
import type { TaskCommentRow } from '../../db/schema.js';
import type { ReactionMap } from '../reactions/serialize.js';
import type { PublicUser } from '../users/serialize.js';

export function serializeComment(
  row: TaskCommentRow,
  author: PublicUser | undefined,
  reactions: ReactionMap | undefined,
): Comment {
  return {
    id: row.id,
    comment: row.comment,
    author: author ?? null,
    reactions: reactions ?? null,
    created: row.created,
    updated: row.updated,
  };
}

export type SerializedComment = ReturnType<typeof serializeComment>;
