/**
 * Custom fields (Ordo's own, not in Vikunja's API): fields a project defines for its tasks. Each
 * task answer carries its values under `custom_fields`, keyed by the field id; Vikunja's clients
 * ignore the key and never send it.
 */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate } from './fields.js';
import { UserSchema } from './user.js';

export const CUSTOM_FIELD_KINDS = [
  'text',
  'number',
  'date',
  'choice',
  'choices',
  'checkbox',
  'url',
  'user',
] as const;
export type CustomFieldKind = (typeof CUSTOM_FIELD_KINDS)[number];

const KindSchema = Type.Union(CUSTOM_FIELD_KINDS.map((kind) => Type.Literal(kind)));

export const CustomFieldSchema = Type.Object({
  id: Type.Integer(),
  project_id: Type.Integer(),
  /** 1–250 characters, unique in its project ignoring case, never a built-in filter field's name. */
  title: Type.String(),
  kind: KindSchema,
  /** The choices of `choice` and `choices` fields (1–100, each 1–100 characters); [] otherwise. */
  options: Type.Array(Type.String()),
  /** The order the fields are shown in. */
  position: Type.Number(),
  /** Whether list rows and kanban cards show the field's values (false unless turned on). */
  show_on_cards: Type.Boolean(),
  created: ApiDate,
  updated: ApiDate,
});
export type CustomField = Static<typeof CustomFieldSchema>;

/**
 * The body that defines (`PUT`) or changes (`POST`) a field. Kinds are checked by the service
 * (30123 for an unknown one, 30124 for a change), so any string passes the schema.
 */
export const CustomFieldBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 1000 })),
  kind: Type.Optional(Type.String({ maxLength: 50 })),
  options: Type.Optional(
    Type.Union([Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 1000 }), Type.Null()]),
  ),
  position: Type.Optional(Type.Number()),
  /**
   * true or false; anything else is refused as a bad definition (30123), so the schema lets any
   * value through to the service.
   */
  show_on_cards: Type.Optional(Type.Unknown({ description: 'true or false (default false)' })),
});
export type CustomFieldBody = Static<typeof CustomFieldBody>;

/**
 * One value as answers carry it: text (`text`, `url`, `choice`), a number, a date (`date`, RFC 3339
 * in UTC), the chosen options (`choices`), a boolean (`checkbox`) or the user (`user`).
 */
export const CustomFieldValueSchema = Type.Union([
  Type.String(),
  Type.Number(),
  Type.Boolean(),
  Type.Array(Type.String()),
  UserSchema,
]);
export type CustomFieldValue = Static<typeof CustomFieldValueSchema>;

/** A task's values, by field id (as a string); a field without a value is absent. */
export const CustomFieldValuesSchema = Type.Record(Type.String(), CustomFieldValueSchema);
export type CustomFieldValues = Static<typeof CustomFieldValuesSchema>;

/**
 * What a task body may send under `custom_fields`: field id → value, where null (or '' or [])
 * clears it and a `user` value is the user's id or an object with `id`. Checked by the server.
 */
export const CustomFieldValuesBody = Type.Union([
  Type.Record(Type.String({ pattern: '^[0-9]+$' }), Type.Unknown(), { maxProperties: 500 }),
  Type.Null(),
]);
