/**
 * A template (Ordo's own, not in Vikunja's API): a project (views, buckets, labels, tasks) or a
 * task its owner saved, to create new ones from. It is a copy: changing or deleting what it was
 * saved from does not change it. Only its owner sees it.
 */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate } from './fields.js';

export const TemplateSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('project'), Type.Literal('task')]),
  title: Type.String(),
  /** How many tasks a project template creates; 1 for a task template. */
  task_count: Type.Integer(),
  created: ApiDate,
  updated: ApiDate,
});
export type Template = Static<typeof TemplateSchema>;
