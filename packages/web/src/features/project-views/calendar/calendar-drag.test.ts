import { toIsoSeconds } from '@ordo/core';
import { describe, expect, it } from 'vitest';
import type { Task } from '../../../api/tasks';
import { dropOnDay } from './calendar-drag';

const UNSET = '0001-01-01T00:00:00Z';
const at = (day: number, hour: number) => toIsoSeconds(new Date(2026, 2, day, hour));
const span = {
  id: 1,
  title: 'Span',
  dueDate: UNSET,
  startDate: at(2, 9),
  endDate: at(4, 17),
} as Task;

describe('dropping on a calendar day', () => {
  it('moves a span by the days between the day it was grabbed on and the drop day', () => {
    expect(dropOnDay({ kind: 'move', task: span, from: new Date(2026, 2, 3) }, new Date(2026, 2, 5))).toEqual(
      {
        change: { startDate: at(4, 9), endDate: at(6, 17) },
      },
    );
    expect(
      dropOnDay({ kind: 'move', task: span, from: new Date(2026, 2, 3) }, new Date(2026, 2, 3)),
    ).toBeNull();
  });

  it('resizes an edge, ignores a drop on the same day and refuses an end before the start', () => {
    expect(dropOnDay({ kind: 'end', task: span }, new Date(2026, 2, 6))).toEqual({
      change: { endDate: at(6, 17) },
    });
    expect(dropOnDay({ kind: 'end', task: span }, new Date(2026, 2, 4))).toBeNull();
    expect(dropOnDay({ kind: 'end', task: span }, new Date(2026, 2, 1))).toEqual({
      refused: 'endBeforeStart',
    });
    expect(dropOnDay({ kind: 'start', task: span }, new Date(2026, 2, 5))).toEqual({
      refused: 'endBeforeStart',
    });
  });

  it('gives an unscheduled task the day at midday as due date', () => {
    const loose = { ...span, startDate: UNSET, endDate: UNSET };
    expect(dropOnDay({ kind: 'unscheduled', task: loose }, new Date(2026, 2, 9))).toEqual({
      change: { dueDate: at(9, 12) },
    });
  });
});
