/**
 * Keeps a task's reminders: replaced as a whole by task writes, and their instants kept in step
 * with the task's dates (relative reminders follow their base date).
 */
import {
  isReminderBase,
  type ReminderBaseDates,
  type ReminderSpec,
  type ResolvedReminder,
  resolveReminders,
} from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, TaskReminderRow } from '../../db/schema.js';
import { RemindersRepo } from './repo.js';

export function specOf(row: TaskReminderRow): ReminderSpec {
  return {
    reminder: row.reminder,
    relativePeriod: Number(row.relative_period),
    relativeTo: isReminderBase(row.relative_to) ? row.relative_to : null,
  };
}

/** Writes `specs` as the task's reminders, computed from `dates`; answers the rows they replaced. */
export async function writeReminders(
  db: Kysely<Database>,
  taskId: number,
  specs: readonly ReminderSpec[],
  dates: ReminderBaseDates,
): Promise<{ written: ResolvedReminder[]; replaced: TaskReminderRow[] }> {
  const written = resolveReminders(specs, dates);
  return { written, replaced: await new RemindersRepo(db).replace(taskId, written) };
}

/** After the task's dates changed without its reminders being sent: recompute the relative ones. */
export async function syncReminders(
  db: Kysely<Database>,
  taskId: number,
  dates: ReminderBaseDates,
): Promise<void> {
  const rows = await new RemindersRepo(db).ofTasks([taskId]);
  if (!rows.some((r) => r.relative_to !== '')) return;
  await writeReminders(db, taskId, rows.map(specOf), dates);
}
