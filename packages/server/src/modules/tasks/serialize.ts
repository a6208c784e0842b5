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

/** The fields that are not a column sent as it is stored. */
type ComputedFields = Omit<Task, ColumnField>;

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
  });
}

/** TaskSchema's keys in order, each marked whether it is a column field. */
const WIRE_KEYS = Object.keys(TaskSchema.properties).map((key) => ({ key, column: isColumnField(key) }));

/** The answer with TaskSchema's key order: column fields from the row, the rest as computed. */
function inWireOrder(columns: ColumnFields, computed: ComputedFields): Task {
  const task: Record<string, unknown> = {};
  for (const { key, column } of WIRE_KEYS) {
    if (column) task[key] = columns[key as ColumnField];
    else if (key in computed) task[key] = computed[key as keyof ComputedFields];
  }
  return task as Task;
}

export type SerializedTask = Task;
