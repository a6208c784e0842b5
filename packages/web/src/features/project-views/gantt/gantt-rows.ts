/**
 * What the gantt chart draws from the loaded tasks: rows for tasks with a start and an end date
 * (by start date), the tasks without both dates apart, and the arrows between related rows
 * (precedes → follows, blocking → blocked), each pair once.
 */
import type { Task } from '../../../api/tasks';
import { wireDate } from '../task-display';

export interface DatedTask {
  task: Task;
  start: Date;
  end: Date;
}

export function splitByDates(tasks: readonly Task[]): { dated: DatedTask[]; dateless: Task[] } {
  const dated: DatedTask[] = [];
  const dateless: Task[] = [];
  for (const task of tasks) {
    const start = wireDate(task.startDate);
    const end = wireDate(task.endDate);
    if (start && end) dated.push({ task, start, end: end.getTime() < start.getTime() ? start : end });
    else dateless.push(task);
  }
  dated.sort((a, b) => a.start.getTime() - b.start.getTime() || a.task.id - b.task.id);
  dateless.sort((a, b) => a.id - b.id);
  return { dated, dateless };
}

export type ArrowKind = 'precedes' | 'blocking';

export interface Arrow {
  from: number;
  to: number;
  kind: ArrowKind;
}

/** The kinds read from a task's relations, with the direction of the arrow they give. */
const ARROW_KINDS: { relation: string; kind: ArrowKind; outgoing: boolean }[] = [
  { relation: 'precedes', kind: 'precedes', outgoing: true },
  { relation: 'follows', kind: 'precedes', outgoing: false },
  { relation: 'blocking', kind: 'blocking', outgoing: true },
  { relation: 'blocked', kind: 'blocking', outgoing: false },
];

/** Arrows between tasks that are both on the chart, from the earlier-in-order task's side. */
export function relationArrows(tasks: readonly Task[]): Arrow[] {
  const shown = new Set(tasks.map((t) => t.id));
  const seen = new Set<string>();
  const arrows: Arrow[] = [];
  for (const task of tasks) {
    for (const { relation, kind, outgoing } of ARROW_KINDS) {
      for (const other of task.relatedTasks?.[relation] ?? []) {
        if (!shown.has(other.id) || other.id === task.id) continue;
        const from = outgoing ? task.id : other.id;
        const to = outgoing ? other.id : task.id;
        const key = `${kind}:${from}:${to}`;
        if (seen.has(key)) continue;
        seen.add(key);
        arrows.push({ from, to, kind });
      }
    }
  }
  return arrows;
}
