import { describe, expect, it } from 'vitest';
import { deferredDate, quickChoiceDate } from './quick-dates';

// Local wall-clock dates: the helpers work in the runtime's zone.
const wed1030 = new Date(2026, 3, 15, 10, 30); // Wednesday 2026-04-15 10:30

describe('quick choices', () => {
  it('give the named day at the next default hour', () => {
    expect(quickChoiceDate('today', wed1030)).toEqual(new Date(2026, 3, 15, 12, 0));
    expect(quickChoiceDate('tomorrow', wed1030)).toEqual(new Date(2026, 3, 16, 12, 0));
    expect(quickChoiceDate('nextMonday', wed1030)).toEqual(new Date(2026, 3, 20, 12, 0));
    expect(quickChoiceDate('thisWeekend', wed1030)).toEqual(new Date(2026, 3, 18, 12, 0));
    expect(quickChoiceDate('laterThisWeek', wed1030)).toEqual(new Date(2026, 3, 17, 12, 0));
    expect(quickChoiceDate('nextWeek', wed1030)).toEqual(new Date(2026, 3, 22, 12, 0));
  });

  it('wrap to 9:00 late in the evening and keep Sunday as this weekend', () => {
    const sunday2130 = new Date(2026, 3, 19, 21, 30);
    expect(quickChoiceDate('thisWeekend', sunday2130)).toEqual(new Date(2026, 3, 19, 9, 0));
    expect(quickChoiceDate('nextMonday', sunday2130)).toEqual(new Date(2026, 3, 20, 9, 0));
  });
});

describe('deferring', () => {
  it('adds whole days and keeps the time', () => {
    const due = new Date(2026, 0, 30, 17, 45);
    expect(deferredDate(due, 1)).toEqual(new Date(2026, 0, 31, 17, 45));
    expect(deferredDate(due, 3)).toEqual(new Date(2026, 1, 2, 17, 45));
    expect(deferredDate(due, 7)).toEqual(new Date(2026, 1, 6, 17, 45));
  });
});
