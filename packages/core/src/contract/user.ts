/** The public user (reference §3.7): embedded everywhere as owner, creator, assignee, author. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate } from './fields.js';

export const UserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  /** Only in the register answer and `GET /user`; stripped wherever a user is embedded. */
  email: Type.Optional(Type.String()),
  created: ApiDate,
  updated: ApiDate,
});
export type User = Static<typeof UserSchema>;
