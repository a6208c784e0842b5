import { describe, expect, it } from 'vitest';
import { resolveDateMath } from './date-math.js';
import {
  type DateRangePresetName,
  dateRangePresets,
  dateRangeSideText,
  matchDateRangePreset,
} from './range-presets.js';

function resolveRange(name: DateRangePresetName, now: string): [string, string] {
  const options = { now: new Date(now), timeZone: 'UTC' };
  const { from, to } = dateRangePresets[name];
  const format = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');
  return [format(resolveDateMath(from, options)), format(resolveDateMath(to, options))];
}

describe('dateRangePresets (behaviour.md §3.4)', () => {
  const wednesday = '2026-04-15T10:30:00Z';
  const sunday = '2026-04-19T23:45:00Z';
  it.each<[DateRangePresetName, string, string, string, string]>([
    ['today', '2026-04-15 00:00', '2026-04-16 00:00', '2026-04-19 00:00', '2026-04-20 00:00'],
    ['tomorrow', '2026-04-16 00:00', '2026-04-17 00:00', '2026-04-20 00:00', '2026-04-21 00:00'],
    ['lastWeek', '2026-04-06 00:00', '2026-04-13 00:00', '2026-04-06 00:00', '2026-04-13 00:00'],
    ['thisWeek', '2026-04-13 00:00', '2026-04-20 00:00', '2026-04-13 00:00', '2026-04-20 00:00'],
    ['restOfThisWeek', '2026-04-15 10:30', '2026-04-20 00:00', '2026-04-19 23:45', '2026-04-20 00:00'],
    ['nextWeek', '2026-04-20 00:00', '2026-04-27 00:00', '2026-04-20 00:00', '2026-04-27 00:00'],
    ['next7Days', '2026-04-15 10:30', '2026-04-22 10:30', '2026-04-19 23:45', '2026-04-26 23:45'],
    ['lastMonth', '2026-03-01 00:00', '2026-04-01 00:00', '2026-03-01 00:00', '2026-04-01 00:00'],
    ['thisMonth', '2026-04-01 00:00', '2026-05-01 00:00', '2026-04-01 00:00', '2026-05-01 00:00'],
    ['restOfThisMonth', '2026-04-15 10:30', '2026-05-01 00:00', '2026-04-19 23:45', '2026-05-01 00:00'],
    ['nextMonth', '2026-05-01 00:00', '2026-06-01 00:00', '2026-05-01 00:00', '2026-06-01 00:00'],
    ['next30Days', '2026-04-15 10:30', '2026-05-15 10:30', '2026-04-19 23:45', '2026-05-19 23:45'],
    ['thisYear', '2026-01-01 00:00', '2027-01-01 00:00', '2026-01-01 00:00', '2027-01-01 00:00'],
    ['restOfThisYear', '2026-04-15 10:30', '2027-01-01 00:00', '2026-04-19 23:45', '2027-01-01 00:00'],
  ])('%s resolves to %s → %s on Wednesday and %s → %s on Sunday', (name, wedFrom, wedTo, sunFrom, sunTo) => {
    expect(resolveRange(name, wednesday)).toEqual([wedFrom, wedTo]);
    expect(resolveRange(name, sunday)).toEqual([sunFrom, sunTo]);
  });

  const monthEnd = '2026-01-31T08:00:00Z';
  const leapDay = '2024-02-29T12:00:00Z';
  const yearEnd = '2026-12-28T09:15:00Z';
  it.each<[DateRangePresetName, string, [string, string]]>([
    ['tomorrow', monthEnd, ['2026-02-01 00:00', '2026-02-02 00:00']],
    ['tomorrow', leapDay, ['2024-03-01 00:00', '2024-03-02 00:00']],
    ['tomorrow', yearEnd, ['2026-12-29 00:00', '2026-12-30 00:00']],
    ['lastWeek', monthEnd, ['2026-01-19 00:00', '2026-01-26 00:00']],
    ['lastWeek', leapDay, ['2024-02-19 00:00', '2024-02-26 00:00']],
    ['lastWeek', yearEnd, ['2026-12-21 00:00', '2026-12-28 00:00']],
    ['thisWeek', monthEnd, ['2026-01-26 00:00', '2026-02-02 00:00']],
    ['thisWeek', leapDay, ['2024-02-26 00:00', '2024-03-04 00:00']],
    ['thisWeek', yearEnd, ['2026-12-28 00:00', '2027-01-04 00:00']],
    ['nextWeek', monthEnd, ['2026-02-02 00:00', '2026-02-09 00:00']],
    ['nextWeek', leapDay, ['2024-03-04 00:00', '2024-03-11 00:00']],
    ['nextWeek', yearEnd, ['2027-01-04 00:00', '2027-01-11 00:00']],
    ['next7Days', monthEnd, ['2026-01-31 08:00', '2026-02-07 08:00']],
    ['next7Days', leapDay, ['2024-02-29 12:00', '2024-03-07 12:00']],
    ['next7Days', yearEnd, ['2026-12-28 09:15', '2027-01-04 09:15']],
    ['lastMonth', monthEnd, ['2025-12-01 00:00', '2026-01-01 00:00']],
    ['lastMonth', leapDay, ['2024-01-01 00:00', '2024-02-01 00:00']],
    ['lastMonth', yearEnd, ['2026-11-01 00:00', '2026-12-01 00:00']],
    ['nextMonth', monthEnd, ['2026-02-01 00:00', '2026-03-01 00:00']],
    ['nextMonth', leapDay, ['2024-03-01 00:00', '2024-04-01 00:00']],
    ['nextMonth', yearEnd, ['2027-01-01 00:00', '2027-02-01 00:00']],
    ['next30Days', monthEnd, ['2026-01-31 08:00', '2026-03-02 08:00']],
    ['next30Days', leapDay, ['2024-02-29 12:00', '2024-03-30 12:00']],
    ['next30Days', yearEnd, ['2026-12-28 09:15', '2027-01-27 09:15']],
    ['thisYear', monthEnd, ['2026-01-01 00:00', '2027-01-01 00:00']],
    ['thisYear', leapDay, ['2024-01-01 00:00', '2025-01-01 00:00']],
    ['thisYear', yearEnd, ['2026-01-01 00:00', '2027-01-01 00:00']],
  ])('%s at %s resolves to %j', (name, now, expected) => {
    expect(resolveRange(name, now)).toEqual(expected);
  });

  it('matches a preset only when both strings match exactly', () => {
    expect(matchDateRangePreset('now/w-1w', 'now/w')).toBe('lastWeek');
    expect(dateRangePresets.lastWeek).toEqual({ from: 'now/w-1w', to: 'now/w' });
    expect(matchDateRangePreset('now/w-1w', 'now/w+1w')).toBeUndefined();
    expect(matchDateRangePreset(null, null)).toBeUndefined();
  });

  it('turns incoming null and Date sides into text without crashing', () => {
    expect(dateRangeSideText(null)).toBe('');
    expect(dateRangeSideText(new Date('2026-04-15T10:30:00Z'))).toBe('2026-04-15T10:30:00.000Z');
    expect(dateRangeSideText('now/d')).toBe('now/d');
  });
});
