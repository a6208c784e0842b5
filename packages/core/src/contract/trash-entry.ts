/**
 * An item in the trash (Ordo's own, not in Vikunja's API): a deleted task, comment or project
 * (with its sub-projects and everything in them) kept for restoring until `expires`. Vikunja's clients never see trashed items; to them it is gone.
 */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable } from './fields.js';
import { UserSchema } from './user.js';

export const TrashEntrySchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('task'), Type.Literal('comment'), Type.Literal('project')]),
  /** The deleted item's id, which it keeps when restored. */
  item_id: Type.Integer(),
  /** A task's or project's title, or the start of a comment's text. */
  title: Type.String(),
  /** A comment's task and its title; null for a task, or when the comment's task is gone. */
  task_id: Nullable(Type.Integer()),
  task_title: Nullable(Type.String()),
  /** The project a task or comment was in; null for a deleted project. */
  project_id: Nullable(Type.Integer()),
  project_title: Nullable(Type.String()),
  /** Who deleted it; null for an account since deleted. */
  deleted_by: Nullable(UserSchema),
  deleted: ApiDate,
  /** When the trash lets it go for good. */
  expires: ApiDate,
});
export type TrashEntry = Static<typeof TrashEntrySchema>;
