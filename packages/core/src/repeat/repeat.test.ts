import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceRepeatingDates, isRepeating, type RepeatingDates, uncheckChecklistItems } from './repeat.js';

const d = (iso: string) => new Date(iso);
const iso = (dates: RepeatingDates) => ({
  dueDate: dates.dueDate?.toISOString() ?? null,
  startDate: dates.startDate?.toISOString() ?? null,
  endDate: dates.endDate?.toISOString() ?? null,
  reminders: dates.reminders.map((reminder) => reminder.toISOString()),
});
const none: RepeatingDates = { dueDate: null, startDate: null, endDate: null, reminders: [] };
const now = d('2026-04-15T10:30:00Z');
const hour = 3600;
const day = 86_400;

describe('isRepeating', () => {
  it('repeats with a positive interval or in monthly mode', () => {
    expect(isRepeating({ repeatAfter: 3600, repeatMode: 0 })).toBe(true);
    expect(isRepeating({ repeatAfter: 0, repeatMode: 1 })).toBe(true);
    expect(isRepeating({ repeatAfter: 0, repeatMode: 0 })).toBe(false);
    expect(isRepeating({ repeatAfter: 0, repeatMode: 2 })).toBe(false);
  });
});

describe('mode 0: every repeat_after seconds', () => {
  it('moves a future date by exactly one interval', () => {
    const result = advanceRepeatingDates(
      { ...none, dueDate: d('2026-04-20T09:00:00Z') },
      { repeatAfter: day, repeatMode: 0, now },
    );
    expect(iso(result).dueDate).toBe('2026-04-21T09:00:00.000Z');
  });

  it('moves a past date by as many whole intervals as needed to land after now', () => {
    const result = advanceRepeatingDates(
      { ...none, dueDate: d('2026-04-10T09:00:00Z'), startDate: d('2026-04-15T10:30:00Z') },
      { repeatAfter: day, repeatMode: 0, now },
    );
    // 04-10 09:00 + 6 days = 04-16 09:00, the first occurrence after 04-15 10:30.
    expect(iso(result).dueDate).toBe('2026-04-16T09:00:00.000Z');
    // A date exactly at now is not after now: it moves one interval.
    expect(iso(result).startDate).toBe('2026-04-16T10:30:00.000Z');
  });

  it('moves every date and reminder on its own and leaves unset dates unset', () => {
    const result = advanceRepeatingDates(
      {
        dueDate: d('2026-04-15T12:00:00Z'),
        startDate: null,
        endDate: d('2026-04-14T12:00:00Z'),
        reminders: [d('2026-04-15T11:00:00Z'), d('2026-04-01T08:00:00Z')],
      },
      { repeatAfter: hour, repeatMode: 0, now },
    );
    expect(iso(result)).toEqual({
      dueDate: '2026-04-15T13:00:00.000Z',
      startDate: null,
      endDate: '2026-04-15T11:00:00.000Z',
      reminders: ['2026-04-15T12:00:00.000Z', '2026-04-15T11:00:00.000Z'],
    });
  });

  it('always lands after now, less than one interval past it unless the date was already in the future', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e10, max: 1e10 }),
        fc.integer({ min: 1, max: 1e7 }),
        (offset, interval) => {
          const due = new Date(now.getTime() + offset);
          const result = advanceRepeatingDates(
            { ...none, dueDate: due },
            { repeatAfter: interval, repeatMode: 0, now },
          );
          const moved = result.dueDate!.getTime();
          expect(moved).toBeGreaterThan(now.getTime());
          expect((moved - due.getTime()) % (interval * 1000)).toBe(0);
          if (offset <= 0) expect(moved - now.getTime()).toBeLessThanOrEqual(interval * 1000);
          else expect(moved - due.getTime()).toBe(interval * 1000);
        },
      ),
    );
  });
});

describe('mode 0 in whole days, in the user’s calendar', () => {
  const newYork = 'America/New_York';

  it('keeps an all-day task on its day when the clocks change in between', () => {
    // Midnight of 31 October in New York (EDT, UTC−4); the clocks go back on 1 November.
    const result = advanceRepeatingDates(
      { ...none, dueDate: d('2026-10-31T04:00:00Z') },
      { repeatAfter: day, repeatMode: 0, now: d('2026-11-03T15:00:00Z'), timeZone: newYork },
    );
    // Midnight of 4 November (EST, UTC−5), not 23:00 on the 3rd as 24-hour steps would give.
    expect(iso(result).dueDate).toBe('2026-11-04T05:00:00.000Z');
  });

  it('keeps the time of day of every date and reminder, a week at a time', () => {
    const result = advanceRepeatingDates(
      {
        dueDate: d('2026-10-30T13:00:00Z'), // Friday 09:00 EDT
        startDate: null,
        endDate: null,
        reminders: [d('2026-10-30T12:30:00Z')], // 08:30 EDT
      },
      { repeatAfter: 7 * day, repeatMode: 0, now: d('2026-10-29T00:00:00Z'), timeZone: newYork },
    );
    expect(iso(result)).toEqual({
      dueDate: '2026-11-06T14:00:00.000Z', // Friday 09:00 EST
      startDate: null,
      endDate: null,
      reminders: ['2026-11-06T13:30:00.000Z'],
    });
  });

  it('always lands after now, on the same wall-clock time', () => {
    fc.assert(
      fc.property(fc.integer({ min: -4e9, max: 4e9 }), fc.integer({ min: 1, max: 60 }), (offset, days) => {
        const due = new Date(now.getTime() + offset);
        const result = advanceRepeatingDates(
          { ...none, dueDate: due },
          { repeatAfter: days * day, repeatMode: 0, now, timeZone: newYork },
        );
        const moved = result.dueDate!;
        expect(moved.getTime()).toBeGreaterThan(now.getTime());
        const clock = (date: Date) =>
          new Intl.DateTimeFormat('en', { timeZone: newYork, timeStyle: 'medium', hourCycle: 'h23' }).format(
            date,
          );
        // A wall time the clock change skips (02:30 on a March Sunday) may land an hour later.
        if (clock(due) !== clock(moved)) expect(clock(due).startsWith('02:')).toBe(true);
        if (offset > 0) expect(Math.round((moved.getTime() - due.getTime()) / (day * 1000))).toBe(days);
      }),
    );
  });

  it('steps 24 hours at a time in UTC, and for intervals that are not whole days', () => {
    const allDay = { ...none, dueDate: d('2026-10-31T04:00:00Z') };
    const later = d('2026-11-03T15:00:00Z');
    expect(iso(advanceRepeatingDates(allDay, { repeatAfter: day, repeatMode: 0, now: later })).dueDate).toBe(
      '2026-11-04T04:00:00.000Z',
    );
    expect(
      iso(
        advanceRepeatingDates(allDay, {
          repeatAfter: 36 * hour,
          repeatMode: 0,
          now: later,
          timeZone: newYork,
        }),
      ).dueDate,
    ).toBe('2026-11-04T16:00:00.000Z');
  });
});

describe('mode 1: monthly', () => {
  it('moves every set date and reminder by one calendar month, same day and time', () => {
    const result = advanceRepeatingDates(
      {
        dueDate: d('2026-04-20T09:00:00Z'),
        startDate: null,
        endDate: null,
        reminders: [d('2026-01-10T08:15:00Z')],
      },
      { repeatAfter: 0, repeatMode: 1, now },
    );
    expect(iso(result)).toEqual({
      dueDate: '2026-05-20T09:00:00.000Z',
      startDate: null,
      endDate: null,
      reminders: ['2026-02-10T08:15:00.000Z'],
    });
  });

  it('sets the end to the new start plus the old duration', () => {
    const result = advanceRepeatingDates(
      { ...none, startDate: d('2026-01-31T09:00:00Z'), endDate: d('2026-02-02T17:00:00Z') },
      { repeatAfter: 0, repeatMode: 1, now },
    );
    // Jan 31 + 1 month overflows to Mar 3 (2026 is not a leap year); the 2 days 8 hours are kept.
    expect(iso(result).startDate).toBe('2026-03-03T09:00:00.000Z');
    expect(iso(result).endDate).toBe('2026-03-05T17:00:00.000Z');
  });

  it('moves an end without a start by one month', () => {
    const result = advanceRepeatingDates(
      { ...none, endDate: d('2026-04-30T12:00:00Z') },
      { repeatAfter: 0, repeatMode: 1, now },
    );
    expect(iso(result).endDate).toBe('2026-05-30T12:00:00.000Z');
  });

  it('keeps the wall-clock time in the configured zone across DST', () => {
    // 09:00 in Berlin: CET (UTC+1) in March before the change, CEST (UTC+2) in April.
    const result = advanceRepeatingDates(
      { ...none, dueDate: d('2026-03-10T08:00:00Z') },
      { repeatAfter: 0, repeatMode: 1, now, timeZone: 'Europe/Berlin' },
    );
    expect(iso(result).dueDate).toBe('2026-04-10T07:00:00.000Z');
  });
});

describe('mode 2: from the current date', () => {
  it('sets the due date to now + interval and keeps start and end at their offsets', () => {
    const result = advanceRepeatingDates(
      {
        dueDate: d('2026-04-01T12:00:00Z'),
        startDate: d('2026-03-31T12:00:00Z'),
        endDate: d('2026-04-01T14:00:00Z'),
        reminders: [],
      },
      { repeatAfter: 2 * day, repeatMode: 2, now },
    );
    expect(iso(result)).toEqual({
      dueDate: '2026-04-17T10:30:00.000Z',
      startDate: '2026-04-16T10:30:00.000Z',
      endDate: '2026-04-17T12:30:00.000Z',
      reminders: [],
    });
  });

  it('without a due date moves the start to now + interval and keeps the span to the end', () => {
    const result = advanceRepeatingDates(
      { ...none, startDate: d('2026-01-01T00:00:00Z'), endDate: d('2026-01-01T03:00:00Z') },
      { repeatAfter: hour, repeatMode: 2, now },
    );
    expect(iso(result).startDate).toBe('2026-04-15T11:30:00.000Z');
    expect(iso(result).endDate).toBe('2026-04-15T14:30:00.000Z');
    expect(result.dueDate).toBeNull();
  });

  it('keeps the reminders spacing with the earliest at now + interval', () => {
    const result = advanceRepeatingDates(
      { ...none, reminders: [d('2026-01-02T09:00:00Z'), d('2026-01-01T09:00:00Z')] },
      { repeatAfter: day, repeatMode: 2, now },
    );
    expect(iso(result).reminders).toEqual(['2026-04-17T10:30:00.000Z', '2026-04-16T10:30:00.000Z']);
  });
});

describe('a task that does not repeat', () => {
  it('keeps its dates', () => {
    const dates = { ...none, dueDate: d('2026-04-01T12:00:00Z') };
    expect(advanceRepeatingDates(dates, { repeatAfter: 0, repeatMode: 0, now })).toEqual(dates);
  });
});

describe('uncheckChecklistItems', () => {
  it('unchecks task list items and checkbox inputs', () => {
    expect(
      uncheckChecklistItems(
        '<ul data-type="taskList"><li data-checked="true" data-type="taskItem">a</li><li data-checked="false">b</li></ul>',
      ),
    ).toBe(
      '<ul data-type="taskList"><li data-checked="false" data-type="taskItem">a</li><li data-checked="false">b</li></ul>',
    );
    expect(
      uncheckChecklistItems(
        '<p><input type=checkbox checked> one <input type="checkbox" checked="checked"/> two</p>',
      ),
    ).toBe('<p><input type=checkbox> one <input type="checkbox"/> two</p>');
  });

  it('leaves other inputs and text alone', () => {
    const text = '<input type="radio" checked> checked data-checked="true" in text';
    expect(uncheckChecklistItems(text)).toBe(
      '<input type="radio" checked> checked data-checked="true" in text',
    );
  });
});
