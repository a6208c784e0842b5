import { describe, expect, it } from 'vitest';
import {
  dateOrDateMath,
  dayInterval,
  defaultHour,
  naturalDayEnd,
  naturalDaySpan,
  naturalDayStart,
  parseLocalDateString,
  parseRouteDate,
  secondsToPeriod,
  smartFillStart,
} from './date-helpers.js';

const local = (text: string) => {
  const [date, time = '00:00'] = text.split(' ');
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s = 0] = time.split(':').map(Number);
  return new Date(y, mo - 1, d, h, mi, s);
};

describe('dayInterval (behaviour.md §2)', () => {
  it.each([
    ['today', [0, 0, 0, 0, 0, 0, 0]],
    ['tomorrow', [1, 1, 1, 1, 1, 1, 1]],
    ['nextMonday', [1, 0, 6, 5, 4, 3, 2]],
    ['thisWeekend', [0, 5, 4, 3, 2, 1, 0]],
    ['laterThisWeek', [0, 2, 2, 2, 2, 0, 0]],
    ['laterNextWeek', [7, 9, 9, 9, 9, 7, 7]],
    ['nextWeek', [7, 7, 7, 7, 7, 7, 7]],
    ['someday', [0, 0, 0, 0, 0, 0, 0]],
    ['toString', [0, 0, 0, 0, 0, 0, 0]],
  ])('%s gives %j from Sunday to Saturday', (name, expected) => {
    expect([0, 1, 2, 3, 4, 5, 6].map((weekday) => dayInterval(name as string, weekday))).toEqual(expected);
  });
});

describe('defaultHour', () => {
  it.each([
    [['00:00', '05:00', '07:41', '08:59', '09:00'], 9],
    [['09:01', '10:00', '12:00'], 12],
    [['12:30', '13:00', '15:00'], 15],
    [['15:54', '16:00', '18:00'], 18],
    [['18:45', '19:00', '21:00'], 21],
    [['21:01', '21:30', '22:00', '23:59'], 9],
  ])('%j give %i', (times, hour) => {
    for (const time of times) expect(defaultHour(local(`2026-04-15 ${time}`))).toBe(hour);
  });
});

describe('natural day boundaries', () => {
  it('rounds a start down to midnight', () => {
    expect(naturalDayStart(local('2026-04-15 15:00'))).toEqual(local('2026-04-15 00:00'));
  });

  it('rounds an end down before noon and up from noon', () => {
    expect(naturalDayEnd(local('2026-04-15 11:59:59'))).toEqual(local('2026-04-15 00:00'));
    const end = naturalDayEnd(local('2026-04-15 12:00:00'));
    expect([end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([
      23, 59, 59, 999,
    ]);
    expect(end.getDate()).toBe(15);
  });

  it('counts a same-day 15:00 to 18:00 range as one day', () => {
    expect(naturalDaySpan(local('2026-04-15 15:00'), local('2026-04-15 18:00'))).toBe(1);
    expect(naturalDaySpan(local('2026-04-15 15:00'), local('2026-04-17 18:00'))).toBe(3);
  });
});

describe('parseLocalDateString', () => {
  it('reads dashed and slashed dates as local time', () => {
    expect(parseLocalDateString('2021-02-06 12:00')).toEqual(local('2021-02-06 12:00'));
    expect(parseLocalDateString('2021/02/06 12:00')).toEqual(local('2021-02-06 12:00'));
    expect(parseLocalDateString('2021-02-06')).toEqual(local('2021-02-06 00:00'));
  });
});

describe('dateOrDateMath', () => {
  it('gives the fallback for null and undefined', () => {
    expect(dateOrDateMath(null, 'fallback')).toBe('fallback');
    expect(dateOrDateMath(undefined, null)).toBeNull();
  });

  it.each(['now/d', 'NOW+1d', '2024-01-01||+1M', 'snowfall', 'garbage', ''])('keeps %j as text', (value) => {
    expect(dateOrDateMath(value, null)).toBe(value);
  });

  it('turns a parseable date into a Date', () => {
    expect(dateOrDateMath('2024-01-01T10:00:00Z', null)).toEqual(new Date('2024-01-01T10:00:00Z'));
  });
});

describe('parseRouteDate', () => {
  it('gives the ISO string of local midnight', () => {
    expect(parseRouteDate('2024-01-05')).toBe(local('2024-01-05').toISOString());
    expect(parseRouteDate('2024-1-5')).toBe(local('2024-01-05').toISOString());
    expect(parseRouteDate('2024-02-31')).toBe(local('2024-03-02').toISOString());
  });

  it.each(['2024-13-01', '2024-00-10', '2024-001-05', '2024-01', 'abc', '', '2024-01-32', '2024-01-00'])(
    '%j gives nothing',
    (text) => {
      expect(parseRouteDate(text)).toBeUndefined();
    },
  );
});

describe('secondsToPeriod', () => {
  it.each([
    [0, 0, 'weeks'],
    [60, 1, 'minutes'],
    [90, 1.5, 'minutes'],
    [3600, 1, 'hours'],
    [5400, 90, 'minutes'],
    [86400, 1, 'days'],
    [172800, 2, 'days'],
    [604800, 1, 'weeks'],
    [1209600, 2, 'weeks'],
    [2592000, 30, 'days'],
  ])('%i seconds is %d %s', (seconds, amount, unit) => {
    expect(secondsToPeriod(seconds)).toEqual({ amount, unit });
  });
});

describe('smartFillStart', () => {
  const now = local('2026-06-07 15:30');
  const entry = (start: string, end: string | null) => ({
    start: local(`2026-06-07 ${start}`),
    end: end ? local(`2026-06-07 ${end}`) : null,
  });

  it('starts at the latest end', () => {
    expect(smartFillStart([entry('09:00', '10:00'), entry('11:00', '12:30')], '', now)).toEqual(
      local('2026-06-07 12:30'),
    );
  });

  it('ignores running entries', () => {
    expect(smartFillStart([entry('09:00', '10:00'), entry('13:00', null)], '', now)).toEqual(
      local('2026-06-07 10:00'),
    );
  });

  it('falls back to the default time, or 09:00 when it is empty', () => {
    expect(smartFillStart([], '08:15', now)).toEqual(local('2026-06-07 08:15'));
    expect(smartFillStart([], '', now)).toEqual(local('2026-06-07 09:00'));
  });

  it('caps the result at now', () => {
    expect(smartFillStart([entry('16:00', '17:00')], '', now)).toEqual(now);
    expect(smartFillStart([], '09:00', local('2026-06-07 07:30'))).toEqual(local('2026-06-07 07:30'));
  });
});
