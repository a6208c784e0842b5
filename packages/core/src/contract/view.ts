/** Project views (reference §3.2) and the body that creates or updates one. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable, NullableText } from './fields.js';

/** The filter object of views and saved filters. */
export const ViewFilterSchema = Type.Object({
  s: Type.String(),
  sort_by: Nullable(Type.Array(Type.String())),
  order_by: Nullable(Type.Array(Type.String())),
  filter: Type.String(),
  filter_include_nulls: Type.Boolean(),
  /** IANA zone the filter's dates are read in; sent only when one is set. */
  filter_timezone: Type.Optional(Type.String()),
});
export type ViewFilter = Static<typeof ViewFilterSchema>;

export const ViewKindSchema = Type.Union([
  Type.Literal('list'),
  Type.Literal('gantt'),
  Type.Literal('table'),
  Type.Literal('kanban'),
  // Ordo only: Vikunja's clients never see it unless a user adds one.
  Type.Literal('calendar'),
]);
export type ViewKind = Static<typeof ViewKindSchema>;

export const ProjectViewSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  project_id: Type.Integer(),
  view_kind: ViewKindSchema,
  filter: Nullable(ViewFilterSchema),
  position: Type.Number(),
  /** `none`, `manual` or `filter`; non-kanban views are always `none`. */
  bucket_configuration_mode: Type.String(),
  /** `[{title, filter}]` for `filter` mode, else null. */
  bucket_configuration: Type.Unknown(),
  default_bucket_id: Type.Integer(),
  done_bucket_id: Type.Integer(),
  updated: ApiDate,
  created: ApiDate,
});
export type ProjectView = Static<typeof ProjectViewSchema>;

export const ViewBody = Type.Object({
  title: NullableText('title', 1),
  view_kind: NullableText('short'),
  filter: Type.Optional(Type.Unknown()),
  position: Type.Optional(Type.Number()),
  bucket_configuration_mode: NullableText('short'),
  bucket_configuration: Type.Optional(Type.Unknown()),
  default_bucket_id: Type.Optional(Type.Integer()),
  done_bucket_id: Type.Optional(Type.Integer()),
});
export type ViewBody = Static<typeof ViewBody>;
