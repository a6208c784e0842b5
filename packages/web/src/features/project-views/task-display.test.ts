import { describe, expect, it } from 'vitest';
import { isOverdue, relativeTime, showsPriority, wireDate } from './task-display';

const now = new Date('2026-04-15T10:00:00Z');

describe('task display rules', () => {
  it('shows priority only at or above the minimum and while open', () => {
    expect(showsPriority({ priority: 3, done: false }, 2)).toBe(true);
    expect(showsPriority({ priority: 2, done: false }, 2)).toBe(true);
    expect(showsPriority({ priority: 1, done: false }, 2)).toBe(false);
    expect(showsPriority({ priority: 5, done: true }, 2)).toBe(false);
    expect(showsPriority({ priority: 0, done: false }, 0)).toBe(false);
  });

  it('reads the zero date as unset', () => {
    expect(wireDate('0001-01-01T00:00:00Z')).toBeNull();
    expect(wireDate('2024-01-31T09:00:00Z')?.toISOString()).toBe('2024-01-31T09:00:00.000Z');
  });

  it('calls open tasks past their due date overdue', () => {
    expect(isOverdue({ dueDate: '2026-04-15T09:59:00Z', done: false }, now)).toBe(true);
    expect(isOverdue({ dueDate: '2026-04-15T09:59:00Z', done: true }, now)).toBe(false);
    expect(isOverdue({ dueDate: '2026-04-16T09:00:00Z', done: false }, now)).toBe(false);
    expect(isOverdue({ dueDate: '0001-01-01T00:00:00Z', done: false }, now)).toBe(false);
  });

  it('writes relative times in the largest whole unit', () => {
    expect(relativeTime(new Date('2026-04-18T10:00:00Z'), now, 'en')).toBe('in 3 days');
    expect(relativeTime(new Date('2026-04-15T08:00:00Z'), now, 'en')).toBe('2 hours ago');
    expect(relativeTime(new Date('2026-04-16T10:00:00Z'), now, 'en')).toBe('tomorrow');
    expect(relativeTime(new Date('2026-04-15T10:00:20Z'), now, 'en')).toBe('this minute');
    expect(relativeTime(new Date('2026-04-18T10:00:00Z'), now, 'de')).toBe('in 3 Tagen');
    expect(relativeTime(new Date('2026-04-18T09:00:00Z'), now, 'en')).toBe('in 3 days');
  });
});
