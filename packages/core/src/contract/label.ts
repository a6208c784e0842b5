/** Labels (reference §3.5) and the body that creates or updates one. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable, NullableText } from './fields.js';
import { UserSchema } from './user.js';

export const LabelSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  hex_color: Type.String(),
  created_by: Nullable(UserSchema),
  created: ApiDate,
  updated: ApiDate,
});
export type Label = Static<typeof LabelSchema>;

export const LabelBody = Type.Object({
  title: NullableText('title', 1),
  description: NullableText('description'),
  hex_color: NullableText('short'),
});
export type LabelBody = Static<typeof LabelBody>;
