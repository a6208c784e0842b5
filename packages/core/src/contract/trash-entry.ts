/**
 * An item in the trash (Ordo's own, not in Vikunja's API): a deleted task kept for restoring until
 * `expires`. Vikunja's clients never see trashed items; to them a deleted task is gone.
 */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable } from './fields.js';
import { UserSchema } from './user.js';

export const TrashEntrySchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Literal('task'),
  /** The deleted item's id, which it keeps when restored. */
  item_id: Type.Integer(),
  title: Type.String(),
  project_id: Type.Integer(),
  project_title: Type.String(),
  /** Who deleted it; null for an account since deleted. */
  deleted_by: Nullable(UserSchema),
  deleted: ApiDate,
  /** When the trash lets it go for good. */
  expires: ApiDate,
});
export type TrashEntry = Static<typeof TrashEntrySchema>;
