/**
 * Custom field values as the web app reads, shows and writes them (custom-fields-contract.md
 * "Values on tasks"): pure helpers, no React.
 */
import { displayName, positionBetween } from '@ordo/core';
import type {
  CustomField,
  CustomFieldChanges,
  CustomFieldValue,
  CustomFieldValues,
} from '../../api/custom-fields';
import type { User } from '../../api/types';
import { formatDateTime } from '../../i18n/date-formats';

/** The values a task carries; a server or cache copy without them has none. */
export function customFieldsOf(task: { customFields?: CustomFieldValues | null }): CustomFieldValues {
  return task.customFields ?? {};
}

/** Does this stand for "no value" (`null`, `""`, `[]` clear a value on the server)? */
export function isEmptyValue(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** The values after a save of `changes`: cleared keys go, the others are replaced. */
export function withFieldChanges(values: CustomFieldValues, changes: CustomFieldChanges): CustomFieldValues {
  const next: CustomFieldValues = { ...values };
  for (const [id, value] of Object.entries(changes)) {
    if (isEmptyValue(value)) delete next[id];
    else next[id] = value as CustomFieldValue;
  }
  return next;
}

/** Two values the same (a user by id, choices in any order)? An unchanged value is not saved. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) || isEmptyValue(b)) return isEmptyValue(a) && isEmptyValue(b);
  if (isUser(a) || isUser(b)) return isUser(a) && isUser(b) && a.id === b.id;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && [...a].sort().join('\u0000') === [...b].sort().join('\u0000');
  if (typeof a === 'string' && typeof b === 'string' && /^\d{4}-\d\d-\d\dT/.test(a))
    return new Date(a).getTime() === new Date(b).getTime();
  return a === b;
}

export function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'id' in value;
}

/** The server's sort field for a custom field (`sort_by=field_<id>`). */
export function fieldSortKey(fieldId: number): `field_${number}` {
  return `field_${fieldId}`;
}

/**
 * A field's title as a name in a filter: bare when it is one word of letters, digits and
 * underscores, else in double quotes (`"Story points" >= 5`).
 */
export function filterFieldName(title: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(title) ? title : `"${title.replace(/"/g, '')}"`;
}

/** An absolute http(s) URL (what a url field accepts, at most 2048 characters)? */
export function isWebUrl(text: string): boolean {
  if (text.length > 2048) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A typed number: the number, `null` for an empty input, `undefined` when it is not a number.
 * A decimal comma is read as a point ("2,5" is 2.5).
 */
export function parseNumberText(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  const normalised = /^-?\d+,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
  if (!/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalised)) return undefined;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : undefined;
}

export interface FormatTexts {
  yes: string;
  no: string;
}

/** A value as text, formatted by the field's kind and the user's language ('' for none). */
export function formatFieldValue(
  field: Pick<CustomField, 'kind'>,
  value: unknown,
  language: string,
  texts: FormatTexts,
): string {
  if (isEmptyValue(value)) return '';
  switch (field.kind) {
    case 'number':
      return typeof value === 'number'
        ? new Intl.NumberFormat(language, { maximumFractionDigits: 10 }).format(value)
        : String(value);
    case 'date': {
      const date = new Date(String(value));
      return Number.isNaN(date.getTime()) ? String(value) : formatDateTime(date, language);
    }
    case 'choices':
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'checkbox':
      return value === true ? texts.yes : texts.no;
    case 'user':
      return isUser(value) ? displayName(value) : String(value);
    default:
      return String(value);
  }
}

/**
 * The fields a task's list row or kanban card shows: those marked `showOnCards` that have a value,
 * in field order. An unticked checkbox counts as none there (a row of "no" chips says nothing).
 */
export function cardFields(fields: readonly CustomField[], values: CustomFieldValues): CustomField[] {
  return fields.filter((field) => {
    const value = values[String(field.id)];
    return field.showOnCards && !isEmptyValue(value) && value !== false;
  });
}

/** Why a list of choices cannot be saved, or null: 1–100 choices of 1–100 characters, no repeats. */
export function optionsProblem(
  options: readonly string[],
): 'none' | 'tooMany' | 'tooLong' | 'repeated' | null {
  const trimmed = options.map((o) => o.trim());
  if (trimmed.length === 0 || trimmed.some((o) => o === '')) return 'none';
  if (trimmed.length > 100) return 'tooMany';
  if (trimmed.some((o) => o.length > 100)) return 'tooLong';
  if (new Set(trimmed).size !== trimmed.length) return 'repeated';
  return null;
}

/** The kinds that have choices to define. */
export function hasOptions(kind: CustomField['kind']): boolean {
  return kind === 'choice' || kind === 'choices';
}

/**
 * The position that moves the field at `index` one place up (-1) or down (+1) among `fields` (in
 * their order), or null when it is at that end already.
 */
export function movedPosition(
  fields: readonly Pick<CustomField, 'position'>[],
  index: number,
  direction: -1 | 1,
): number | null {
  const target = index + direction;
  if (target < 0 || target >= fields.length) return null;
  const [before, after] =
    direction === -1 ? [fields[target - 1], fields[target]] : [fields[target], fields[target + 1]];
  if (before && after && before.position >= after.position) {
    // Equal neighbours leave no room between them: go just past the one it moves over.
    return direction === -1 ? after.position - 0.01 : before.position + 0.01;
  }
  return positionBetween(before?.position, after?.position);
}
