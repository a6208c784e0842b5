/** Building blocks of the contract's schemas: wire dates, nullable values and limited texts. */
import { type TSchema, Type } from '@sinclair/typebox';
import { FIELD_LIMITS, type FieldLimit, MAX_IDS_PER_REQUEST } from '../input/field-limits.js';

/** An API date: RFC 3339 in UTC, `0001-01-01T00:00:00Z` when unset (reference §1.3). */
export const ApiDate = Type.String({ description: 'RFC 3339 date; 0001-01-01T00:00:00Z when unset' });

/** A value or null. */
export function Nullable<T extends TSchema>(schema: T) {
  return Type.Union([schema, Type.Null()]);
}

/** A project right: 0 read, 1 read and write, 2 admin. */
export const RightSchema = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);

/**
 * Request text fields with their length limits (FIELD_LIMITS, in characters: Ajv's maxLength
 * counts code points as Vikunja's runelength counts runes). One `type` list rather than a union
 * of string and null, so a too-long text fails on its length alone (412/2002) instead of also
 * failing "must be null" (which reads as a wrong type, 400/2004). `minRunes` only names the
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

/** `{ id }` entries of a list body (assignees, labels): the server reads only the ids. */
export const IdEntry = Type.Object({ id: Type.Integer() });
