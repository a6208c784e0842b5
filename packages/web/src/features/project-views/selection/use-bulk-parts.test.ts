import { describe, expect, it } from 'vitest';
import type { Task } from '../../../api/tasks';
import { partUndoGroups } from './use-bulk-parts';

const task = (id: number, labels: number[], assignees: number[] = []) =>
  ({ id, labels: labels.map((l) => ({ id: l })), assignees: assignees.map((u) => ({ id: u })) }) as Task;

describe('partUndoGroups', () => {
  it('takes an added label off only the tasks that lacked it', () => {
    const tasks = [task(1, [7]), task(2, []), task(3, [8])];
    expect(partUndoGroups(tasks, { addLabelIds: [7] })).toEqual([
      { ids: [2, 3], change: { removeLabelIds: [7] } },
    ]);
  });

  it('puts a removed label or assignee back only where it was', () => {
    const tasks = [task(1, [7], [5]), task(2, [], [5]), task(3, [7], [])];
    expect(partUndoGroups(tasks, { removeLabelIds: [7], removeAssigneeIds: [5] })).toEqual([
      { ids: [1], change: { addLabelIds: [7], addAssigneeIds: [5] } },
      { ids: [2], change: { addAssigneeIds: [5] } },
      { ids: [3], change: { addLabelIds: [7] } },
    ]);
  });

  it('asks nothing when no task changed', () => {
    expect(partUndoGroups([task(1, [7])], { addLabelIds: [7] })).toEqual([]);
  });
});
