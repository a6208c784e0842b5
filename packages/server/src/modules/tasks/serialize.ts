/**
 * The task shape of reference §3.3 (core's TaskSchema), keys in Vikunja's order. Empty
 * collections are null; the detail loaders fill them in.
 */
import { type Task, TaskSchema, toApiDate } from '@ordo/core';
import type { TaskRow } from '../../db/schema.js';
import { type ColumnField, type ColumnFields, isColumnField } from './column-fields.js';

/** The position and bucket of a task in the view it was read through. */
export interface ViewPlacement {
  position: number | null;
  bucket_id: number | null;
}

/** The keys of T that are not optional. */
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];

/** What baseTask computes: the fields every answer carries that are not column fields. */
type ComputedFields = Pick<Task, Exclude<RequiredKeys<Task>, ColumnField>>;

export function baseTask(row: TaskRow, placement?: ViewPlacement): Task {
  return inWireOrder(row, {
    id: row.id,
    title: row.title,
    description: row.description,
    done: !!row.done,
    done_at: toApiDate(row.done_at),
    due_date: toApiDate(row.due_date),
    reminders: null,
    project_id: row.project_id,
    repeat_after: Number(row.repeat_after),
    repeat_rule: row.repeat_rule,
    start_date: toApiDate(row.start_date),
    end_date: toApiDate(row.end_date),
    assignees: null,
    labels: null,
    hex_color: row.hex_color,
    identifier: `#${row.index}`,
    index: row.index,
    related_tasks: {},
    attachments: null,
    is_favorite: false,
    created: row.created,
    updated: row.updated,
    bucket_id: placement?.bucket_id ?? 0,
    position: placement?.position ?? 0,
    reactions: null,
    created_by: null,
    custom_fields: {},
  });
}

/**
 * Optional keys that sit amid the required ones (reference §3.3): their slot is made undefined,
 * which JSON leaves out, so the loader that fills one in keeps Vikunja's order. The other optional
 * keys come last in TaskSchema and are simply added.
 */
const SLOTTED_OPTIONAL_KEYS = new Set(['is_unread']);

/**
 * The answer with TaskSchema's keys in order: the column fields from the row, the other fields
 * every answer carries as computed (the optional ones are added by the detail loaders). Compiled
 * once from the schema's keys into a single object literal, as fast as a hand-written one: a
 * loop over the keys was three times slower, and a list serialises hundreds of tasks.
 */
const inWireOrder = compileWireOrder();

function compileWireOrder(): (columns: ColumnFields, computed: ComputedFields) => Task {
  const required = new Set<string>(TaskSchema.required);
  const entries = Object.keys(TaskSchema.properties).flatMap((key) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(key)) throw new Error(`TaskSchema key ${key} is not a plain name`);
    if (isColumnField(key)) return [`${key}: columns.${key}`];
    if (required.has(key)) return [`${key}: computed.${key}`];
    return SLOTTED_OPTIONAL_KEYS.has(key) ? [`${key}: undefined`] : [];
  });
  return new Function('columns', 'computed', `return { ${entries.join(', ')} };`) as (
    columns: ColumnFields,
    computed: ComputedFields,
  ) => Task;
}

export type SerializedTask = Task;
