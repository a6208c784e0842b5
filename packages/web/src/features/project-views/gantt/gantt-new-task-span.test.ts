import { describe, expect, it } from 'vitest';
import { newTaskSpan } from './gantt-new-task-span';

const iso = (d: Date) => new Date(d).toISOString();

describe('newTaskSpan', () => {
  const now = new Date(2026, 4, 12, 15, 30);
  it('runs from the start of today to the start of tomorrow without a due date', () => {
    const span = newTaskSpan({ dueDate: null }, now);
    expect(iso(new Date(span.startDate as string))).toBe(iso(new Date(2026, 4, 12)));
    expect(iso(new Date(span.endDate as string))).toBe(iso(new Date(2026, 4, 13)));
  });
  it('ends at a later due date, and at tomorrow for an earlier one', () => {
    const later = newTaskSpan({ dueDate: new Date(2026, 4, 20, 12) }, now);
    expect(iso(new Date(later.endDate as string))).toBe(iso(new Date(2026, 4, 20, 12)));
    const earlier = newTaskSpan({ dueDate: new Date(2026, 4, 12, 9) }, now);
    expect(iso(new Date(earlier.endDate as string))).toBe(iso(new Date(2026, 4, 13)));
  });
});
