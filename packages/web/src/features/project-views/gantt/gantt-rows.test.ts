import { describe, expect, it } from 'vitest';
import type { Task } from '../../../api/tasks';
import type { RelatedTask } from '../../../api/types';
import { relationArrows, splitByDates } from './gantt-rows';

const UNSET = '0001-01-01T00:00:00Z';

function task(id: number, fields: Partial<Task> = {}): Task {
  return { id, title: `T${id}`, startDate: UNSET, endDate: UNSET, relatedTasks: {}, ...fields } as Task;
}

/** The task as another's `related_tasks` carry it. */
function ref(task: Task): RelatedTask {
  return { ...task, relatedTasks: null };
}

describe('gantt rows', () => {
  it('charts tasks with both dates by start date and lists the others apart', () => {
    const { dated, dateless } = splitByDates([
      task(1, { startDate: '2026-05-04T09:00:00Z', endDate: '2026-05-06T09:00:00Z' }),
      task(2, { startDate: '2026-05-01T09:00:00Z', endDate: '2026-05-02T09:00:00Z' }),
      task(3, { startDate: '2026-05-01T09:00:00Z' }),
      task(4),
    ]);
    expect(dated.map((d) => d.task.id)).toEqual([2, 1]);
    expect(dateless.map((t) => t.id)).toEqual([3, 4]);
  });

  it('draws one arrow per related pair on the chart, from the preceding or blocking task', () => {
    const a = task(1);
    const b = task(2);
    const c = task(3);
    a.relatedTasks = { precedes: [ref(b)], blocking: [ref(c)] };
    b.relatedTasks = { follows: [ref(a)] };
    c.relatedTasks = { blocked: [ref(a)], related: [ref(b)], precedes: [ref(task(99))] };
    expect(relationArrows([a, b, c])).toEqual([
      { from: 1, to: 2, kind: 'precedes' },
      { from: 1, to: 3, kind: 'blocking' },
    ]);
  });
});
