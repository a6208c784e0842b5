/**
 * Schemas shared by several route modules (they also drive the OpenAPI document). The API's
 * objects and request bodies live in @ordo/core's contract; the text and id-list builders are
 * re-exported from there for the routes' own bodies.
 */
import { UserSchema } from '@ordo/core';
import { Type } from '@sinclair/typebox';

export { IdList, LimitedText, NullableText } from '@ordo/core';

export const Message = Type.Object({ message: Type.String() });
export const TokenSchema = Type.Object({ token: Type.String() });
export const PublicUserSchema = UserSchema;
