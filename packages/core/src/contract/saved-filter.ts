/** Saved filters (reference §3.9) and the body that creates or updates one. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable, NullableText } from './fields.js';
import { UserSchema } from './user.js';
import { ViewFilterSchema } from './view.js';

export const SavedFilterSchema = Type.Object({
  id: Type.Integer(),
  filters: ViewFilterSchema,
  title: Type.String(),
  description: Type.String(),
  owner: Nullable(UserSchema),
  is_favorite: Type.Boolean(),
  created: ApiDate,
  updated: ApiDate,
});
export type SavedFilter = Static<typeof SavedFilterSchema>;

export const SavedFilterBody = Type.Object({
  title: NullableText('title', 1),
  description: NullableText('description'),
  filters: Type.Optional(Type.Unknown()),
  is_favorite: Type.Optional(Type.Boolean()),
});
export type SavedFilterBody = Static<typeof SavedFilterBody>;
