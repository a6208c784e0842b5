/** Custom fields as the API shows them, and values between their normal form, rows and answers. */
import type { CustomField, CustomFieldKind, CustomFieldValue, NormalCustomValue } from '@ordo/core';
import type { ProjectFieldRow, TaskFieldValueRow, UserRow } from '../../db/schema.js';
import { publicUser } from '../users/serialize.js';
import type { NewFieldValue } from './repo.js';

export function fieldOptions(row: Pick<ProjectFieldRow, 'options'>): string[] {
  try {
    const options = JSON.parse(row.options) as unknown;
    return Array.isArray(options) ? options.map(String) : [];
  } catch {
    return [];
  }
}

export function fieldKind(row: Pick<ProjectFieldRow, 'kind'>): CustomFieldKind {
  return row.kind as CustomFieldKind;
}

export function serializeField(row: ProjectFieldRow): CustomField {
  return {
    id: row.id,
    project_id: row.project_id,
    title: row.title,
    kind: fieldKind(row),
    options: fieldOptions(row),
    position: Number(row.position),
    show_on_cards: !!row.show_on_cards,
    created: row.created,
    updated: row.updated,
  };
}

/** Kinds kept in `num_value`; the others are kept in `text_value`. */
const NUMERIC_KINDS: ReadonlySet<string> = new Set(['number', 'checkbox', 'user']);

export function valueColumn(kind: string): 'num_value' | 'text_value' {
  return NUMERIC_KINDS.has(kind) ? 'num_value' : 'text_value';
}

/** A value in its normal form as rows (a multiple choice is one row per chosen option). */
export function valueRows(taskId: number, fieldId: number, value: NormalCustomValue): NewFieldValue[] {
  const row = (num: number | null, text: string | null) => ({
    task_id: taskId,
    field_id: fieldId,
    num_value: num,
    text_value: text,
  });
  if (Array.isArray(value)) return value.map((option) => row(null, option));
  if (typeof value === 'boolean') return [row(value ? 1 : 0, null)];
  if (typeof value === 'number') return [row(value, null)];
  return [row(null, value)];
}

/** Rows of one field back in normal form (undefined when there are none). */
export function normalValue(
  kind: string,
  rows: readonly Pick<TaskFieldValueRow, 'num_value' | 'text_value'>[],
): NormalCustomValue | undefined {
  if (rows.length === 0) return undefined;
  const first = rows[0];
  switch (kind) {
    case 'choices':
      return rows.map((r) => r.text_value ?? '');
    case 'checkbox':
      return Number(first.num_value) === 1;
    case 'number':
    case 'user':
      return Number(first.num_value);
    default:
      return first.text_value ?? '';
  }
}

/** A normal value as answers carry it: the user object for a `user` field. */
export function wireValue(
  kind: string,
  value: NormalCustomValue,
  users: ReadonlyMap<number, UserRow>,
): CustomFieldValue | undefined {
  if (kind !== 'user') return value;
  const user = users.get(value as number);
  return user && publicUser(user);
}
