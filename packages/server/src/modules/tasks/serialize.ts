/**
 * The task shape of reference §3.3 (core's TaskSchema), keys in Vikunja's order. Empty
 * collections are null; the detail loaders fill them in.
 */
import { type Task, toApiDate } from '@ordo/core';
import type { TaskRow } from '../../db/schema.js';

/** The position and bucket of a task in the view it was read through. */
export interface ViewPlacement {
  position: number | null;
  bucket_id: number | null;
}

export function baseTask(row: TaskRow, placement?: ViewPlacement): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    done: !!row.done,
    done_at: toApiDate(row.done_at),
    due_date: toApiDate(row.due_date),
    reminders: null,
    project_id: row.project_id,
    repeat_after: Number(row.repeat_after),
    repeat_mode: row.repeat_mode,
    repeat_rule: row.repeat_rule,
    priority: row.priority,
    start_date: toApiDate(row.start_date),
    end_date: toApiDate(row.end_date),
    assignees: null,
    labels: null,
    hex_color: row.hex_color,
    percent_done: row.percent_done,
    identifier: `#${row.index}`,
    index: row.index,
    related_tasks: {},
    attachments: null,
    cover_image_attachment_id: row.cover_image_attachment_id,
    is_favorite: false,
    created: row.created,
    updated: row.updated,
    bucket_id: placement?.bucket_id ?? 0,
    position: placement?.position ?? 0,
    reactions: null,
    created_by: null,
  };
}

export type SerializedTask = Task;
