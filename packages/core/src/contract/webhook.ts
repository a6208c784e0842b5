/**
 * Webhooks (reference §3.12). The secret and the basic-auth pair are write-only: answers always
 * carry them as empty strings.
 */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable } from './fields.js';
import { UserSchema } from './user.js';

export const WebhookSchema = Type.Object({
  id: Type.Integer(),
  target_url: Type.String(),
  events: Type.Array(Type.String()),
  /** Set for project webhooks; `user_id` for user webhooks. Exactly one is non-zero. */
  project_id: Type.Integer(),
  user_id: Type.Integer(),
  secret: Type.Literal(''),
  basic_auth_user: Type.Literal(''),
  basic_auth_password: Type.Literal(''),
  created_by: Nullable(UserSchema),
  created: ApiDate,
  updated: ApiDate,
});
export type Webhook = Static<typeof WebhookSchema>;
