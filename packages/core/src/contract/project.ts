/** Projects (reference §3.1) and the body that creates or updates one. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable, NullableText, RightSchema } from './fields.js';
import { SubscriptionSchema } from './subscription.js';
import { UserSchema } from './user.js';
import { ProjectViewSchema } from './view.js';

export const ProjectSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  identifier: Type.String(),
  hex_color: Type.String(),
  /** 0 for a top-level project. */
  parent_project_id: Type.Integer(),
  owner: Nullable(UserSchema),
  is_archived: Type.Boolean(),
  /** `{"Type":"upload"}` (capital T, as Vikunja spells it) when the project has a background. */
  background_information: Nullable(Type.Object({ Type: Type.String() })),
  /** Painted while the background loads; '' without one. */
  background_blur_hash: Type.String(),
  is_favorite: Type.Boolean(),
  /** The caller's nearest subscription (its own or a parent's); absent when none. */
  subscription: Type.Optional(SubscriptionSchema),
  position: Type.Number(),
  views: Type.Array(ProjectViewSchema),
  /** Filled by `GET /projects?expand=rights`; single reads send the `x-max-right` header. */
  max_right: Nullable(RightSchema),
  created: ApiDate,
  updated: ApiDate,
});
export type Project = Static<typeof ProjectSchema>;

export const ProjectBody = Type.Object({
  title: NullableText('title', 1),
  description: NullableText('description'),
  identifier: NullableText('identifier'),
  hex_color: NullableText('short'),
  parent_project_id: Type.Optional(Type.Integer()),
  is_archived: Type.Optional(Type.Boolean()),
  is_favorite: Type.Optional(Type.Boolean()),
  position: Type.Optional(Type.Number()),
});
export type ProjectBody = Static<typeof ProjectBody>;
