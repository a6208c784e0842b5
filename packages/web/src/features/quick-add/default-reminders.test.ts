import { describe, expect, it } from 'vitest';
import { defaultReminderPeriods, remindersForNewTask, storedDefaultReminders } from './default-reminders';

describe('default reminders for new tasks', () => {
  it('reads the stored offsets and drops anything malformed', () => {
    expect(defaultReminderPeriods(undefined)).toEqual([]);
    expect(defaultReminderPeriods('x')).toEqual([]);
    expect(
      defaultReminderPeriods([
        { relativePeriod: -86400, relativeTo: 'due_date' },
        { relativePeriod: -86400, relativeTo: 'due_date' },
        { relativePeriod: 0, relativeTo: 'due_date' },
        { relativePeriod: -3600, relativeTo: 'start_date' },
        { relativePeriod: 1.5, relativeTo: 'due_date' },
        null,
      ]),
    ).toEqual([-86400, 0]);
  });

  it('stores the chosen offsets once each, earliest first', () => {
    expect(storedDefaultReminders([0, -86400, 0])).toEqual([
      { relativePeriod: -86400, relativeTo: 'due_date' },
      { relativePeriod: 0, relativeTo: 'due_date' },
    ]);
  });

  it('gives a new task its reminders relative to the due date, and none without one', () => {
    expect(remindersForNewTask([-86400], true)).toEqual([
      { reminder: '0001-01-01T00:00:00Z', relativePeriod: -86400, relativeTo: 'due_date' },
    ]);
    expect(remindersForNewTask([-86400], false)).toEqual([]);
    expect(remindersForNewTask([], true)).toEqual([]);
  });
});
