import { describe, expect, it } from 'vitest';
import { DateMathError } from './date-math.js';
import { isDateFilterValue, readDateFilterValue } from './date-value.js';

// America/Los_Angeles, now = 2026-04-15 10:30 local (17:30Z).
const options = { now: new Date('2026-04-15T17:30:00Z'), timeZone: 'America/Los_Angeles' };

describe('readDateFilterValue: behaviour.md §3.5', () => {
  it.each([
    [' now ', '2026-04-15T17:30:00.000Z'],
    ['now/d', '2026-04-15T07:00:00.000Z'],
    ['2024-01-01', '2024-01-01T08:00:00.000Z'],
    ['2024-1-5', '2024-01-05T08:00:00.000Z'],
    ['2024-01-01 10:00', '2024-01-01T18:00:00.000Z'],
    ['2024-01-01T10:00', '2024-01-01T18:00:00.000Z'],
    ['2024-01-01T10:00:00Z', '2024-01-01T10:00:00.000Z'],
    ['2024-01-01T10:00:00+02:00', '2024-01-01T08:00:00.000Z'],
    ['1700000000000', '2023-11-14T22:13:20.000Z'],
    ['2024-01-01||+1M/d', '2024-02-01T08:00:00.000Z'],
    ['now+30d', '2026-05-15T17:30:00.000Z'],
    ['2024-01-01t10:00:00.5z', '2024-01-01T10:00:00.500Z'],
  ])('%j gives %s', (value, expected) => {
    expect(readDateFilterValue(value, options).toISOString()).toBe(expected);
  });

  it('reads plain dates as midnight in the filter zone (§4.6)', () => {
    expect(readDateFilterValue('2026-07-15', options).toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(readDateFilterValue('2023-6-5', { ...options, timeZone: 'UTC' }).toISOString()).toBe(
      '2023-06-05T00:00:00.000Z',
    );
  });

  it('accepts year 0', () => {
    expect(readDateFilterValue('0000-01-01', { ...options, timeZone: 'UTC' }).getUTCFullYear()).toBe(0);
  });

  it('reads a bare integer as unix milliseconds', () => {
    expect(readDateFilterValue('1543500000', options).toISOString()).toBe('1970-01-18T20:45:00.000Z');
  });

  it.each([
    'tomorrow',
    'no',
    'now+',
    'NOW',
    'now /d',
    '2024/01/01',
    '',
    'garbage',
    '2024-02-30 10:00',
    '2024-02-30',
    '2023-02-29',
    '2024-13-01',
    '2024-0-10',
    '2024-1-32',
    '12',
    '1-2',
  ])('%j is an error', (value) => {
    expect(() => readDateFilterValue(value, options)).toThrow(DateMathError);
    expect(isDateFilterValue(value)).toBe(false);
  });

  it('rejects an unknown zone', () => {
    expect(() => readDateFilterValue('now', { ...options, timeZone: 'Nowhere/Land' })).toThrow(DateMathError);
  });
});
