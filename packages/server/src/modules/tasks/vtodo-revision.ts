/**
 * Which task writes are a new revision of the task's CalDAV VTODO, whose SEQUENCE
 * (`tasks.caldav_sequence`, migration 0066) then goes up by one: those that change what the VTODO
 * shows (title, description, dates, done and when, priority, progress, colour, repeat, UID, the
 * reminders as alarms), not those it does not show (position, bucket, assignees, favourite, cover,
 * project). A write that changes the VTODO's labels or parent tasks and subtasks counts too
 * (TasksService.reviseVtodos). A CalDAV PUT sets the SEQUENCE itself (modules/caldav/service.ts).
 */
import { isUnsetDate } from '@ordo/core';
import type { TaskReminderRow, TaskRow } from '../../db/schema.js';

const SHOWN_TEXT = ['title', 'description', 'hex_color', 'repeat_rule', 'uid'] as const;
const SHOWN_NUMBERS = ['priority', 'percent_done', 'repeat_after', 'repeat_mode'] as const;
const SHOWN_DATES = ['due_date', 'start_date', 'end_date', 'done_at'] as const;

/** A date column's instant; null for none (NULL, or Vikunja's year 1). */
function instant(value: unknown): number | null {
  return typeof value === 'string' && value !== '' && !isUnsetDate(value) ? Date.parse(value) : null;
}

/** Does writing `after` (the columns a write sets) over the row `before` change what its VTODO shows? */
export function revisesVtodo(before: TaskRow, after: { readonly [K in keyof TaskRow]?: unknown }): boolean {
  const differs = (column: keyof TaskRow, same: (a: unknown, b: unknown) => boolean) =>
    column in after && !same(before[column], after[column]);
  return (
    SHOWN_TEXT.some((c) => differs(c, (a, b) => (a ?? '') === (b ?? ''))) ||
    SHOWN_NUMBERS.some((c) => differs(c, (a, b) => Number(a ?? 0) === Number(b ?? 0))) ||
    SHOWN_DATES.some((c) => differs(c, (a, b) => instant(a) === instant(b))) ||
    differs('done', (a, b) => !!a === !!b)
  );
}

/** A reminder as an alarm shows it: what it is relative to and by how much, or its moment. */
type ShownReminder = Pick<TaskReminderRow, 'reminder' | 'relative_period' | 'relative_to'>;

const reminderKey = (r: ShownReminder) =>
  `${r.relative_to ?? ''} ${Number(r.relative_period ?? 0)} ${instant(r.reminder)}`;

/** Do two sets of a task's reminders differ (order aside)? */
export function remindersDiffer(before: readonly ShownReminder[], after: readonly ShownReminder[]): boolean {
  const keys = (list: readonly ShownReminder[]) => list.map(reminderKey).sort().join('\n');
  return keys(before) !== keys(after);
}
