/** Reading the `reminders` of a task body (reference §3.3, §4.4). */
import { isReminderBase, type ReminderSpec } from '@ordo/core';
import { fail, invalidFields } from '../../http/api-error.js';
import { readDate } from '../input/fields.js';

export interface ReminderInput {
  reminder?: string | null;
  relative_period?: number | null;
  relative_to?: string | null;
}

/** 4022 when a period is given without what it is relative to; 412 for an unknown base. */
export function readReminders(input: readonly ReminderInput[] | null | undefined): ReminderSpec[] {
  return (input ?? []).map((r, i) => {
    const relativeTo = r.relative_to ?? '';
    const relativePeriod = r.relative_period ?? 0;
    if (relativeTo === '') {
      if (relativePeriod !== 0) throw fail('reminderRelativeMissing');
      return {
        reminder: readDate(r.reminder, `reminders.${i}.reminder`),
        relativePeriod: 0,
        relativeTo: null,
      };
    }
    if (!isReminderBase(relativeTo)) {
      throw invalidFields([
        `reminders.${i}.relative_to: ${relativeTo} does not validate as in(due_date|start_date|end_date)`,
      ]);
    }
    return { reminder: null, relativePeriod, relativeTo };
  });
}
