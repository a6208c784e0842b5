/** A subscription to a project's or task's events (reference §3.10). */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate } from './fields.js';

export const SubscriptionSchema = Type.Object({
  id: Type.Integer(),
  entity: Type.String({ description: 'project or task' }),
  entity_id: Type.Integer(),
  created: ApiDate,
});
export type Subscription = Static<typeof SubscriptionSchema>;
