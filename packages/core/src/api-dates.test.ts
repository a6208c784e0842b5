import { describe, expect, it } from 'vitest';
import { fromApiDate, shiftStoredDate, wholeDaysBetween } from './api-dates.js';

describe('fromApiDate', () => {
  it.each([
    ['2026-02-28T10:00:00Z', '2026-02-28T10:00:00Z'],
    ['2024-02-29T23:59:59Z', '2024-02-29T23:59:59Z'],
    ['2026-03-01T01:30:00+02:00', '2026-02-28T23:30:00Z'],
    ['2026-03-01T01:30:00.123-05:30', '2026-03-01T07:00:00Z'],
    ['2026-03-01t01:30:00z', '2026-03-01T01:30:00Z'],
    ['2026-03-01T01:30Z', '2026-03-01T01:30:00Z'],
    ['2026-12-31T23:59:59+23:59', '2026-12-31T00:00:59Z'],
  ])('reads %s', (value, stored) => {
    expect(fromApiDate(value)).toBe(stored);
  });

  it.each([null, undefined, '', '0001-01-01T00:00:00Z', '0001-01-01T00:00:00+00:00'])(
    'reads %j as unset',
    (value) => {
      expect(fromApiDate(value)).toBeNull();
    },
  );

  it.each([
    '2026-02-30T00:00:00Z',
    '2026-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-00-10T00:00:00Z',
    '2026-01-00T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T23:61:00Z',
    '2026-01-01T23:00:60Z',
    '2026-01-01T10:00:00+24:00',
    '2026-01-01T10:00:00+05:60',
    '2026-01-01',
    '2026-01-01T10:00:00',
    'tomorrow',
  ])('refuses %s', (value) => {
    expect(fromApiDate(value)).toBeUndefined();
  });
});

describe('shiftStoredDate', () => {
  it('moves a date by whole days, across a month and a leap day, keeping the time', () => {
    expect(shiftStoredDate('2028-02-27T09:30:00Z', 3)).toBe('2028-03-01T09:30:00Z');
    expect(shiftStoredDate('2026-01-01T00:00:00Z', -1)).toBe('2025-12-31T00:00:00Z');
  });

  it('leaves an unset date unset and a zero shift alone', () => {
    expect(shiftStoredDate(null, 5)).toBeNull();
    expect(shiftStoredDate('2026-05-05T05:05:05Z', 0)).toBe('2026-05-05T05:05:05Z');
  });
});

describe('wholeDaysBetween', () => {
  it('rounds to the nearest day', () => {
    expect(wholeDaysBetween(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-03T11:00:00Z'))).toBe(2);
    expect(wholeDaysBetween(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-03T13:00:00Z'))).toBe(3);
    expect(wholeDaysBetween(new Date('2026-01-05T00:00:00Z'), new Date('2026-01-01T00:00:00Z'))).toBe(-4);
  });
});
