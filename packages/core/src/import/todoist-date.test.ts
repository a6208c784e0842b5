import { describe, expect, it } from 'vitest';
import { parseTodoistDate } from './todoist-date.js';

describe('parseTodoistDate', () => {
  it('reads absolute dates in Todoist’s written forms and ISO', () => {
    expect(parseTodoistDate('Dec 1 2026')?.date).toEqual({
      year: 2026,
      month: 12,
      day: 1,
      hour: 0,
      minute: 0,
    });
    expect(parseTodoistDate('1 December 2026')?.date).toEqual({
      year: 2026,
      month: 12,
      day: 1,
      hour: 0,
      minute: 0,
    });
    expect(parseTodoistDate('December 1st, 2026')?.hasTime).toBe(false);
    expect(parseTodoistDate('2026-03-05')?.date).toEqual({
      year: 2026,
      month: 3,
      day: 5,
      hour: 0,
      minute: 0,
    });
    expect(parseTodoistDate('Mar 5 2026 14:30')).toMatchObject({
      date: { year: 2026, month: 3, day: 5, hour: 14, minute: 30 },
      hasTime: true,
      exact: true,
    });
    expect(parseTodoistDate('Mar 5 2026 at 9pm')?.date?.hour).toBe(21);
    expect(parseTodoistDate('Mar 5 2026 12am')?.date?.hour).toBe(0);
  });

  it('turns recurring phrases into repeats', () => {
    expect(parseTodoistDate('every day')).toMatchObject({
      repeat: { repeatAfter: 86_400, repeatMode: 0 },
      exact: true,
    });
    expect(parseTodoistDate('Daily')?.repeat).toEqual({ repeatAfter: 86_400, repeatMode: 0 });
    expect(parseTodoistDate('every 2 weeks')?.repeat).toEqual({ repeatAfter: 1_209_600, repeatMode: 0 });
    expect(parseTodoistDate('every other day')?.repeat).toEqual({ repeatAfter: 172_800, repeatMode: 0 });
    expect(parseTodoistDate('every month')?.repeat).toEqual({ repeatAfter: 0, repeatMode: 1 });
    expect(parseTodoistDate('every year')?.repeat).toEqual({ repeatAfter: 31_536_000, repeatMode: 0 });
  });

  it('marks repeats Ordo holds only in part', () => {
    expect(parseTodoistDate('every monday')).toMatchObject({
      repeat: { repeatAfter: 604_800 },
      exact: false,
    });
    expect(parseTodoistDate('every 3 months')).toMatchObject({
      repeat: { repeatAfter: 90 * 86_400 },
      exact: false,
    });
    expect(parseTodoistDate('every day at 9am')).toMatchObject({
      repeat: { repeatAfter: 86_400 },
      exact: false,
    });
  });

  it('leaves relative and unknown phrases unread', () => {
    for (const phrase of [
      'tomorrow',
      'today',
      'next friday',
      'every weekday',
      'in 3 days',
      'Feb 30 2026',
      'soon',
      '',
    ]) {
      expect(parseTodoistDate(phrase), phrase).toBeNull();
    }
  });

  it('reads only ISO dates in other languages', () => {
    expect(parseTodoistDate('jeden Tag', 'de')).toBeNull();
    expect(parseTodoistDate('every day', 'de')).toBeNull();
    expect(parseTodoistDate('2026-12-01', 'de')?.date?.day).toBe(1);
  });
});
