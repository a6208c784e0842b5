/** Response schemas shared by several route modules (they also drive the OpenAPI document). */
import { Type } from '@sinclair/typebox';

export const Message = Type.Object({ message: Type.String() });
export const TokenSchema = Type.Object({ token: Type.String() });

export const PublicUserSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  email: Type.Optional(Type.String()),
  created: Type.String(),
  updated: Type.String(),
});
