import { toIsoSeconds } from '@ordo/core';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../api/tasks';
import { dayKey } from './calendar-grid';
import { dueOnDay, isUnscheduled, moveByDays, placementOf, resizeTo } from './calendar-placement';

const UNSET = '0001-01-01T00:00:00Z';
const at = (month: number, day: number, hour = 0, minute = 0) =>
  toIsoSeconds(new Date(2026, month - 1, day, hour, minute));

function task(fields: Partial<Task> = {}): Task {
  return { id: 1, title: 'T', dueDate: UNSET, startDate: UNSET, endDate: UNSET, ...fields } as Task;
}

describe('calendar placement', () => {
  it('puts a span on its start to end days, else on its due date; no dates is unscheduled', () => {
    const span = placementOf(task({ startDate: at(3, 2, 9), endDate: at(3, 4, 17), dueDate: at(3, 9, 9) }));
    expect(span && [dayKey(span.first), dayKey(span.last), span.span]).toEqual([
      '2026-03-02',
      '2026-03-04',
      true,
    ]);
    const due = placementOf(task({ dueDate: at(3, 9, 23, 30) }));
    expect(due && [dayKey(due.first), dayKey(due.last), due.span]).toEqual([
      '2026-03-09',
      '2026-03-09',
      false,
    ]);
    const lone = placementOf(task({ startDate: at(3, 5, 8) }));
    expect(lone && dayKey(lone.first)).toBe('2026-03-05');
    expect(isUnscheduled(task())).toBe(true);
  });

  it('draws an end before its start as a one-day span', () => {
    const backwards = placementOf(task({ startDate: at(3, 4, 9), endDate: at(3, 2, 9) }));
    expect(backwards && dayKey(backwards.last)).toBe('2026-03-04');
  });

  it('moves every set date by whole days and keeps the time of day', () => {
    expect(moveByDays(task({ dueDate: at(3, 9, 14, 45) }), 3)).toEqual({ dueDate: at(3, 12, 14, 45) });
    expect(moveByDays(task({ startDate: at(3, 2, 9), endDate: at(3, 4, 17) }), -2)).toEqual({
      startDate: at(2, 28, 9),
      endDate: at(3, 2, 17),
    });
  });

  it('resizes one end of a span to a day with its time, but never past the other end', () => {
    const span = task({ startDate: at(3, 2, 9), endDate: at(3, 4, 17) });
    expect(resizeTo(span, 'end', new Date(2026, 2, 7))).toEqual({ endDate: at(3, 7, 17) });
    expect(resizeTo(span, 'start', new Date(2026, 1, 27))).toEqual({ startDate: at(2, 27, 9) });
    expect(resizeTo(span, 'end', new Date(2026, 2, 2))).toEqual({ endDate: at(3, 2, 17) });
    expect(resizeTo(span, 'end', new Date(2026, 2, 1))).toBeNull();
    expect(resizeTo(span, 'start', new Date(2026, 2, 5))).toBeNull();
    expect(resizeTo(task({ dueDate: at(3, 2) }), 'end', new Date(2026, 2, 5))).toBeNull();
  });

  it('gives a task put on a day its midday as due date', () => {
    expect(dueOnDay(new Date(2026, 2, 5))).toBe(at(3, 5, 12));
  });
});
