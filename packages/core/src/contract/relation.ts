/** A relation between two tasks (reference §3.10), as creating one answers it. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable } from './fields.js';
import { UserSchema } from './user.js';

export const RelationSchema = Type.Object({
  task_id: Type.Integer(),
  other_task_id: Type.Integer(),
  /** `subtask`, `parenttask`, `related`, `duplicateof`, `blocking`, `blocked`, … */
  relation_kind: Type.String(),
  created_by: Nullable(UserSchema),
  created: ApiDate,
});
export type Relation = Static<typeof RelationSchema>;
