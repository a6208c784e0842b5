import { describe, expect, it } from 'vitest';
import { relativeReminderAt, resolveReminders } from './reminders.js';

const dates = { due_date: '2024-03-10T12:00:00Z', start_date: null, end_date: '2024-03-12T08:30:00Z' };

describe('relativeReminderAt', () => {
  it('adds the period in seconds, before when negative', () => {
    expect(relativeReminderAt('2024-03-10T12:00:00Z', -3600)).toBe('2024-03-10T11:00:00Z');
    expect(relativeReminderAt('2024-03-10T12:00:00Z', 86400)).toBe('2024-03-11T12:00:00Z');
  });
  it('is unset when the base date is unset', () => {
    expect(relativeReminderAt(null, -3600)).toBeNull();
  });
});

describe('resolveReminders', () => {
  it('computes relative reminders from their base date and sorts by instant, unset last', () => {
    const out = resolveReminders(
      [
        { reminder: '2024-03-11T00:00:00Z', relativePeriod: 0, relativeTo: null },
        { reminder: null, relativePeriod: -600, relativeTo: 'start_date' },
        { reminder: null, relativePeriod: 0, relativeTo: 'end_date' },
        { reminder: null, relativePeriod: -3600, relativeTo: 'due_date' },
      ],
      dates,
    );
    expect(out).toEqual([
      { reminder: '2024-03-10T11:00:00Z', relativePeriod: -3600, relativeTo: 'due_date' },
      { reminder: '2024-03-11T00:00:00Z', relativePeriod: 0, relativeTo: null },
      { reminder: '2024-03-12T08:30:00Z', relativePeriod: 0, relativeTo: 'end_date' },
      { reminder: null, relativePeriod: -600, relativeTo: 'start_date' },
    ]);
  });

  it('stores reminders at the same instant once and drops absolute ones without a date', () => {
    const out = resolveReminders(
      [
        { reminder: '2024-03-10T11:00:00Z', relativePeriod: 0, relativeTo: null },
        { reminder: null, relativePeriod: -3600, relativeTo: 'due_date' },
        { reminder: null, relativePeriod: 0, relativeTo: null },
        { reminder: '2024-03-10T11:00:00Z', relativePeriod: 0, relativeTo: null },
      ],
      dates,
    );
    expect(out).toEqual([{ reminder: '2024-03-10T11:00:00Z', relativePeriod: 0, relativeTo: null }]);
  });

  it('ignores the period of absolute reminders', () => {
    expect(
      resolveReminders([{ reminder: '2024-01-01T00:00:00Z', relativePeriod: 50, relativeTo: null }], dates),
    ).toEqual([{ reminder: '2024-01-01T00:00:00Z', relativePeriod: 0, relativeTo: null }]);
  });
});
