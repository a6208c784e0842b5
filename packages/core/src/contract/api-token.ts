/** API tokens (reference §3.13). The secret itself is only ever in the create answer. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate } from './fields.js';

export const ApiTokenSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Only in the answer that creates the token. */
  token: Type.Optional(Type.String()),
  /** Route groups to the permissions granted in each: `{"tasks": ["read_all", "update"]}`. */
  permissions: Type.Record(Type.String(), Type.Array(Type.String())),
  expires_at: ApiDate,
  created: ApiDate,
  owner_id: Type.Integer(),
});
export type ApiToken = Static<typeof ApiTokenSchema>;
