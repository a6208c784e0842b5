import { describe, expect, it } from 'vitest';
import { formatMailDate, overdueSince, userTimeZone } from './mail-dates.js';

describe('userTimeZone', () => {
  it('is the setting when the runtime knows it, else UTC', () => {
    expect(userTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(userTimeZone('')).toBe('UTC');
    expect(userTimeZone(null)).toBe('UTC');
    expect(userTimeZone('Mars/Olympus')).toBe('UTC');
  });
});

describe('formatMailDate', () => {
  it('writes the instant on the wall clock of the zone, with the zone', () => {
    expect(formatMailDate('2026-11-23T08:05:00Z', 'Europe/Berlin')).toBe('2026-11-23 09:05 (Europe/Berlin)');
    expect(formatMailDate('2026-07-01T23:30:00Z', 'Asia/Tokyo')).toBe('2026-07-02 08:30 (Asia/Tokyo)');
    expect(formatMailDate(Date.parse('2026-01-02T03:04:00Z'), 'UTC')).toBe('2026-01-02 03:04 (UTC)');
  });
});

describe('overdueSince', () => {
  const hours = (n: number) => n * 3600_000;
  it('counts days and hours, rounded to the hour', () => {
    expect(overdueSince(hours(1))).toBe('1 hour');
    expect(overdueSince(hours(5) + 40 * 60_000)).toBe('6 hours');
    expect(overdueSince(hours(24))).toBe('1 day');
    expect(overdueSince(hours(51))).toBe('2 days and 3 hours');
    expect(overdueSince(hours(25))).toBe('1 day and 1 hour');
  });
  it('says less than an hour for less (and for a clock that is behind)', () => {
    expect(overdueSince(10 * 60_000)).toBe('less than an hour');
    expect(overdueSince(-5000)).toBe('less than an hour');
  });
});
