/**
 * The rules of custom fields both halves agree on: what a definition may hold, what value each
 * kind takes (and its one normal form), and how a kind reads in the filter language. Pure: the
 * server checks what only the database knows (a unique title, a user who may see the project).
 */
import { fromApiDate, isUnsetDate } from '../api-dates.js';
import { CUSTOM_FIELD_KINDS, type CustomFieldKind } from '../contract/custom-field.js';
import { utf8ByteLength } from '../contract/field-rules.js';
import type { ErrorKey } from '../errors.js';
import type { CustomFilterFields, FilterFieldKind } from '../filter/filter-ast.js';
import { filterFieldOf } from '../filter/filter-fields.js';
import { runeLength } from '../input/field-limits.js';

export const CUSTOM_FIELD_LIMITS = {
  title: 250,
  /** Options of a choice field. */
  options: 100,
  option: 100,
  /**
   * A text value. Values are indexed (field, value) for the filter language, and an index entry
   * must stay within PostgreSQL's B-tree limit (about 2,700 bytes): 500 characters are at most
   * 2,000 bytes.
   */
  text: 500,
  /** A URL value, in UTF-8 bytes (for ASCII, characters), for the same reason. */
  url: 2048,
} as const;

export function isCustomFieldKind(kind: unknown): kind is CustomFieldKind {
  return typeof kind === 'string' && (CUSTOM_FIELD_KINDS as readonly string[]).includes(kind);
}

/** The kinds whose values are options of the field. */
export function hasOptions(kind: CustomFieldKind): boolean {
  return kind === 'choice' || kind === 'choices';
}

/** A title that is a built-in filter field's name (or alias), ignoring case: the filter would be ambiguous. */
export function isReservedFieldTitle(title: string): boolean {
  return filterFieldOf(title.trim().toLowerCase()) !== undefined;
}

export interface CustomFieldDefinition {
  title: string;
  kind: string;
  options: readonly string[];
  /** As the body sent it: a boolean, or undefined when it sent none. */
  showOnCards?: unknown;
}

/**
 * What is wrong with a definition (the reason of 30123), or null. The title is expected trimmed;
 * its uniqueness in the project is the server's to check.
 */
export function customFieldDefinitionProblem({
  title,
  kind,
  options,
  showOnCards,
}: CustomFieldDefinition): string | null {
  if (showOnCards !== undefined && typeof showOnCards !== 'boolean')
    return 'show_on_cards is not true or false';
  if (title.length === 0) return 'the title is empty';
  if (runeLength(title) > CUSTOM_FIELD_LIMITS.title)
    return `the title is longer than ${CUSTOM_FIELD_LIMITS.title} characters`;
  if (isReservedFieldTitle(title)) return `"${title}" is the name of a built-in field`;
  if (!isCustomFieldKind(kind)) return `"${kind}" is not a kind of field (${CUSTOM_FIELD_KINDS.join(', ')})`;
  if (!hasOptions(kind)) return options.length > 0 ? `a field of kind ${kind} has no options` : null;
  if (options.length < 1 || options.length > CUSTOM_FIELD_LIMITS.options)
    return `a ${kind} field needs 1 to ${CUSTOM_FIELD_LIMITS.options} options`;
  const seen = new Set<string>();
  for (const option of options) {
    if (option.trim().length === 0) return 'an option is empty';
    if (runeLength(option) > CUSTOM_FIELD_LIMITS.option)
      return `an option is longer than ${CUSTOM_FIELD_LIMITS.option} characters`;
    if (seen.has(option)) return `the option "${option}" is listed twice`;
    seen.add(option);
  }
  return null;
}

/** A field as its values are checked against it. */
export interface CustomFieldRule {
  title: string;
  kind: CustomFieldKind;
  options: readonly string[];
}

/**
 * A value in its one normal form: text, url, choice and date (RFC 3339 in UTC, seconds) as
 * strings, number as a number, choices as the chosen options, checkbox as a boolean, user as the
 * user's id.
 */
export type NormalCustomValue = string | number | boolean | string[];

/** A value refused (30121 or 30122), with the catalogue parameters. */
export class CustomFieldValueError extends Error {
  constructor(
    readonly key: ErrorKey & ('customFieldValueInvalid' | 'customFieldChoiceUnknown'),
    readonly params: string[],
  ) {
    super(`${key}: ${params.join(', ')}`);
    this.name = 'CustomFieldValueError';
  }
}

/** What a kind's value must be, as 30121 words it. */
const EXPECTED: Readonly<Record<CustomFieldKind, string>> = {
  text: `a text of at most ${CUSTOM_FIELD_LIMITS.text} characters`,
  number: 'a number',
  date: 'a date (RFC 3339, such as 2026-11-27T10:00:00Z)',
  choice: 'one of its options, as text',
  choices: 'a list of its options without repeats',
  checkbox: 'true or false',
  url: `an http or https URL of at most ${CUSTOM_FIELD_LIMITS.url} characters`,
  user: "a user's id",
};

/** Does this request value clear the field (null, '' or [])? */
export function clearsCustomValue(raw: unknown): boolean {
  return raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0);
}

/**
 * A request's value for a field in its normal form, or null when it clears the value. Throws
 * `CustomFieldValueError`. A `user` value is an id or an object with `id` (whether the user may see
 * the project is the server's to check).
 */
export function readCustomFieldValue(field: CustomFieldRule, raw: unknown): NormalCustomValue | null {
  if (clearsCustomValue(raw)) return null;
  const invalid = (): never => {
    throw new CustomFieldValueError('customFieldValueInvalid', [field.title, EXPECTED[field.kind]]);
  };
  const option = (value: unknown): string => {
    if (typeof value !== 'string') return invalid();
    if (!field.options.includes(value))
      throw new CustomFieldValueError('customFieldChoiceUnknown', [value, field.title]);
    return value;
  };
  switch (field.kind) {
    case 'text':
      return typeof raw === 'string' && runeLength(raw) <= CUSTOM_FIELD_LIMITS.text ? raw : invalid();
    case 'url':
      return typeof raw === 'string' && isWebUrl(raw.trim()) ? raw.trim() : invalid();
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw) ? raw + 0 : invalid();
    case 'checkbox':
      return typeof raw === 'boolean' ? raw : invalid();
    case 'date': {
      // The zero time is how the API writes an unset date: it clears, as null does.
      if (typeof raw === 'string' && isUnsetDate(raw)) return null;
      const stored = typeof raw === 'string' ? fromApiDate(raw) : undefined;
      return stored ? stored : invalid();
    }
    case 'choice':
      return option(raw);
    case 'choices': {
      if (!Array.isArray(raw)) return invalid();
      const chosen = raw.map(option);
      return new Set(chosen).size === chosen.length ? chosen : invalid();
    }
    case 'user': {
      const id = typeof raw === 'object' && raw !== null && 'id' in raw ? (raw as { id: unknown }).id : raw;
      return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : invalid();
    }
  }
}

/** An absolute http(s) URL with a host and no spaces (core has no URL parser: it runs anywhere). */
const WEB_URL = /^https?:\/\/(?:[^\s/?#@]*@)?[^\s/?#@:]+(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** An absolute http(s) URL of at most `CUSTOM_FIELD_LIMITS.url` bytes. */
function isWebUrl(text: string): boolean {
  return utf8ByteLength(text) <= CUSTOM_FIELD_LIMITS.url && WEB_URL.test(text);
}

/** How a kind's values read in the filter language. */
export const CUSTOM_FIELD_FILTER_KINDS: Readonly<Record<CustomFieldKind, FilterFieldKind>> = {
  number: 'float',
  text: 'string',
  url: 'string',
  choice: 'string',
  choices: 'string',
  date: 'date',
  checkbox: 'bool',
  user: 'usernames',
};

/**
 * The fields by lower-cased title. Several projects may each have a field of one title: the
 * first field's kind (in the order given) is the title's kind.
 */
export function customFilterFields(
  fields: readonly { title: string; kind: CustomFieldKind }[],
): CustomFilterFields {
  const byTitle = new Map<string, FilterFieldKind>();
  for (const field of fields) {
    const key = field.title.toLowerCase();
    if (!byTitle.has(key)) byTitle.set(key, CUSTOM_FIELD_FILTER_KINDS[field.kind]);
  }
  return byTitle;
}
