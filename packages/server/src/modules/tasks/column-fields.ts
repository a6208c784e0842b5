/**
 * The task fields that are one column of the same name (core's TASK_COLUMN_FIELDS): copied as
 * they are from a row to an answer or to an update body, and from a body to the row, where a
 * field the body leaves out gets its zero value.
 */
import { TASK_COLUMN_FIELDS, type Task } from '@ordo/core';

export type ColumnField = keyof typeof TASK_COLUMN_FIELDS;

/** Their values: the answer's types, which the row's columns and the body's values must fit. */
export type ColumnFields = Pick<Task, ColumnField>;

const COLUMN_FIELDS = Object.keys(TASK_COLUMN_FIELDS) as ColumnField[];
const isColumn = new Set<string>(COLUMN_FIELDS);

export function isColumnField(key: string): key is ColumnField {
  return isColumn.has(key);
}

/** The column fields of a row or an answer, e.g. to keep them in an update body. */
export function copyColumnFields(source: ColumnFields): ColumnFields {
  const copy: Partial<Record<ColumnField, unknown>> = {};
  for (const key of COLUMN_FIELDS) copy[key] = source[key];
  return copy as ColumnFields;
}

/** The column fields a create or update body writes: each one's value, or its zero value. */
export function readColumnFields(body: { [K in ColumnField]?: ColumnFields[K] | null }): ColumnFields {
  const read: Partial<Record<ColumnField, unknown>> = {};
  for (const key of COLUMN_FIELDS) read[key] = body[key] ?? TASK_COLUMN_FIELDS[key];
  return read as ColumnFields;
}
