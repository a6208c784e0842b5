/** The task shape of reference §3.3, keys in Vikunja's order. Empty collections are null. */
import { toApiDate } from '@ordo/core';
import type { TaskRow } from '../../db/schema.js';

/** The position and bucket of a task in the view it was read through. */
export interface ViewPlacement {
  position: number | null;
  bucket_id: number | null;
}

export function baseTask(row: TaskRow, placement?: ViewPlacement) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    done: !!row.done,
    done_at: toApiDate(row.done_at),
    due_date: toApiDate(row.due_date),
    reminders: null as unknown[] | null,
    project_id: row.project_id,
    repeat_after: Number(row.repeat_after),
    repeat_mode: row.repeat_mode,
    /** A CalDAV client's RRULE, verbatim ('' when none): an extra key Vikunja's clients ignore. */
    repeat_rule: row.repeat_rule,
    priority: row.priority,
    start_date: toApiDate(row.start_date),
    end_date: toApiDate(row.end_date),
    assignees: null as unknown[] | null,
    labels: null as unknown[] | null,
    hex_color: row.hex_color,
    percent_done: row.percent_done,
    identifier: `#${row.index}`,
    index: row.index,
    related_tasks: {} as Record<string, unknown[]>,
    attachments: null as unknown[] | null,
    cover_image_attachment_id: row.cover_image_attachment_id,
    is_favorite: false,
    created: row.created,
    updated: row.updated,
    bucket_id: placement?.bucket_id ?? 0,
    position: placement?.position ?? 0,
    reactions: null as Record<string, unknown[]> | null,
    created_by: null as unknown,
  };
}

export type SerializedTask = ReturnType<typeof baseTask> & {
  buckets?: unknown[];
  comments?: unknown[];
  comment_count?: number;
};
