/**
 * Subtasks nested under their parent in the list view: a loaded task whose parent task is also
 * loaded is shown below it, one level deeper, instead of at the top level.
 */
import type { Task } from '../../api/tasks';

export interface TaskRow {
  task: Task;
  depth: number;
}

function parentIds(task: Task): number[] {
  return (task.relatedTasks?.parenttask ?? []).map((parent) => parent.id);
}

export function flattenTaskTree(tasks: readonly Task[]): TaskRow[] {
  const loaded = new Set(tasks.map((t) => t.id));
  const children = new Map<number, Task[]>();
  const roots: Task[] = [];
  for (const task of tasks) {
    const parent = parentIds(task).find((id) => loaded.has(id) && id !== task.id);
    if (parent === undefined) roots.push(task);
    else children.set(parent, [...(children.get(parent) ?? []), task]);
  }
  const rows: TaskRow[] = [];
  const placed = new Set<number>();
  const visit = (task: Task, depth: number) => {
    if (placed.has(task.id)) return;
    placed.add(task.id);
    rows.push({ task, depth });
    for (const child of children.get(task.id) ?? []) visit(child, depth + 1);
  };
  for (const task of roots) visit(task, 0);
  // A cycle of parents leaves tasks unplaced: show them at the top level rather than lose them.
  for (const task of tasks) visit(task, 0);
  return rows;
}
