/** Schemas shared by several route modules (they also drive the OpenAPI document). */
import { FIELD_LIMITS, type FieldLimit, MAX_IDS_PER_REQUEST } from '@ordo/core';
import { type TSchema, Type } from '@sinclair/typebox';

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

/**
 * Request text fields with their length limits (core's FIELD_LIMITS, in characters: Ajv's
 * maxLength counts code points as Vikunja's runelength counts runes). One `type` list rather than
 * a union of string and null, so a too-long text fails on its length alone (412/2002) instead of
 * also failing "must be null" (which reads as a wrong type, 400/2004). `minRunes` only names the
 * shortest text in the 412 answer (`runelength(1|250)`); emptiness stays each service's rule.
 */
export function NullableText(limit: FieldLimit, minRunes = 0) {
  return Type.Optional(
    Type.Unsafe<string | null>({ type: ['string', 'null'], maxLength: FIELD_LIMITS[limit], minRunes }),
  );
}

/** A required text field (never null) of at most the limit's length. */
export function LimitedText(limit: FieldLimit, minRunes = 0) {
  return Type.String({ maxLength: FIELD_LIMITS[limit], minRunes });
}

/**
 * A list of ids (or of entries that each become a row, such as reminders), at most
 * MAX_IDS_PER_REQUEST long (400/30041 above), so one request never writes or names more.
 */
export function IdList<T extends TSchema>(item: T) {
  return Type.Array(item, { maxItems: MAX_IDS_PER_REQUEST });
}
