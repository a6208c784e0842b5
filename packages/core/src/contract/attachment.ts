/** A task's attachment (reference §3.10). */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable } from './fields.js';
import { UserSchema } from './user.js';

export const AttachmentSchema = Type.Object({
  id: Type.Integer(),
  task_id: Type.Integer(),
  created_by: Nullable(UserSchema),
  file: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    mime: Type.String(),
    size: Type.Integer(),
    created: ApiDate,
  }),
  created: ApiDate,
});
export type Attachment = Static<typeof AttachmentSchema>;
