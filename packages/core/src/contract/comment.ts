/** Task comments (reference §3.10) and the body that creates or edits one. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable, NullableText } from './fields.js';
import { ReactionMapSchema } from './reaction.js';
import { UserSchema } from './user.js';

export const CommentSchema = Type.Object({
  id: Type.Integer(),
  /** Sanitised HTML. */
  comment: Type.String(),
  author: Nullable(UserSchema),
  reactions: Nullable(ReactionMapSchema),
  created: ApiDate,
  updated: ApiDate,
});
export type Comment = Static<typeof CommentSchema>;

export const CommentBody = Type.Object({ comment: NullableText('description') });
export type CommentBody = Static<typeof CommentBody>;
