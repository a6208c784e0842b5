/** Kanban buckets (reference §3.4) and the body that creates or updates one. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable, NullableText } from './fields.js';
import { UserSchema } from './user.js';

export const BucketSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  project_view_id: Type.Integer(),
  /** Only in view-task answers of kanban views: the bucket's page of tasks. */
  tasks: Type.Optional(Type.Array(Type.Unknown())),
  /** 0 means unlimited. */
  limit: Type.Integer(),
  /** Filled in view-task answers and the move answer; 0 elsewhere. */
  count: Type.Integer(),
  position: Type.Number(),
  created: ApiDate,
  updated: ApiDate,
  created_by: Nullable(UserSchema),
});
export type Bucket = Static<typeof BucketSchema>;

export const BucketBody = Type.Object({
  title: NullableText('title', 1),
  // Numbers here so that a fractional or negative limit gets the field error, not a schema error.
  limit: Type.Optional(Type.Number()),
  position: Type.Optional(Type.Number()),
  is_done_bucket: Type.Optional(Type.Boolean()),
});
export type BucketBody = Static<typeof BucketBody>;
