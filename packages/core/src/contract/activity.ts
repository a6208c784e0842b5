/**
 * A task's activity (Ordo's own, not in Vikunja's API): one entry per changed field, newest
 * first. `before` and `after` are the field's values as the task shows them (assignees and
 * labels as lists of {id, name}); the `created` entry of a new task has both null.
 */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable } from './fields.js';
import { UserSchema } from './user.js';

export const ActivitySchema = Type.Object({
  id: Type.Integer(),
  task_id: Type.Integer(),
  project_id: Type.Integer(),
  /** The task's title and project-scoped identifier now, for feeds that list many tasks. */
  task_title: Type.String(),
  task_identifier: Type.String(),
  /** Who made the change; null for the server itself or an account since deleted. */
  actor: Nullable(UserSchema),
  field: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
  created: ApiDate,
});
export type Activity = Static<typeof ActivitySchema>;
