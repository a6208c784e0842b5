import { describe, expect, it } from 'vitest';
import { calendarGrid, dayFromKey, dayKey, shiftAnchor } from './calendar-grid';

const keys = (days: Date[]) => days.map(dayKey);

describe('calendar grid', () => {
  it('shows a month as whole weeks starting on the week start', () => {
    // March 2026 begins on a Sunday and ends on a Tuesday.
    const monday = calendarGrid('month', new Date(2026, 2, 17), 1);
    expect(monday.columns).toBe(7);
    expect(dayKey(monday.from)).toBe('2026-02-23');
    expect(dayKey(monday.to)).toBe('2026-04-05');
    expect(monday.days).toHaveLength(42);
    const sunday = calendarGrid('month', new Date(2026, 2, 17), 0);
    expect(dayKey(sunday.from)).toBe('2026-03-01');
    expect(dayKey(sunday.to)).toBe('2026-04-04');
    expect(sunday.days).toHaveLength(35);
  });

  it('needs only four rows for a February that fits them', () => {
    // February 2026 starts on a Sunday: with weeks from Sunday it is exactly four rows.
    expect(calendarGrid('month', new Date(2026, 1, 10), 0).days).toHaveLength(28);
    expect(calendarGrid('month', new Date(2026, 1, 10), 1).days).toHaveLength(35);
  });

  it('shows the week around a day from the week start, and a single day', () => {
    const saturday = calendarGrid('week', new Date(2026, 2, 18), 6);
    expect(keys(saturday.days)).toEqual([
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
      '2026-03-19',
      '2026-03-20',
    ]);
    const day = calendarGrid('day', new Date(2026, 2, 18, 15, 30), 1);
    expect(keys(day.days)).toEqual(['2026-03-18']);
    expect(day.columns).toBe(1);
  });

  it('pages by a month, a week or a day', () => {
    expect(dayKey(shiftAnchor('month', new Date(2026, 0, 31), 1))).toBe('2026-02-01');
    expect(dayKey(shiftAnchor('month', new Date(2026, 0, 31), -1))).toBe('2025-12-01');
    expect(dayKey(shiftAnchor('week', new Date(2026, 0, 31), 1))).toBe('2026-02-07');
    expect(dayKey(shiftAnchor('day', new Date(2026, 0, 31), -1))).toBe('2026-01-30');
  });

  it('reads back a day key as a local midnight', () => {
    expect(dayFromKey('2026-03-05')).toEqual(new Date(2026, 2, 5));
  });
});
