/**
 * TickTick's task rows in Ordo's terms, shaped as Vikunja shapes them: one parent project
 * "Migrated from TickTick", under it a project per folder and per list (lists outside a folder sit
 * directly under the parent). A list's kanban columns become its buckets. Tags become labels,
 * `parentId` a subtask relation, the RRULE a repeat, reminders relative to the due date.
 * TickTick priorities (0 none, 1 low, 3 medium, 5 high) become Ordo's 0–3.
 */
import { parseIsoDuration, type ReminderSpec, repeatFromRrule, toIsoSeconds } from '@ordo/core';
import { plainTextToHtml } from '../plain-text-html.js';
import { emptyProject, emptyTask, type PlanProject, type PlanTask } from '../plan.js';

export const TICKTICK_PARENT_TITLE = 'Migrated from TickTick';

const PRIORITIES: Record<string, number> = { '0': 0, '1': 1, '3': 2, '5': 3 };

/** TickTick's date forms: `2018-12-11T23:00:00+0000`, `2018-12-11 23:00:00`, `…Z`. */
function dateOf(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (!match) return null;
  const offset = !match[3] || match[3] === 'Z' ? 'Z' : `${match[3].slice(0, 3)}:${match[3].slice(-2)}`;
  const date = new Date(`${match[1]}T${match[2]}${offset}`);
  return Number.isNaN(date.getTime()) ? null : toIsoSeconds(date);
}

/**
 * Reminders are iCalendar triggers relative to the due date, sign included: `-PT30M` is half an
 * hour before a timed task, and an all-day task (due at the day's start) is reminded "on the day
 * at 09:00" with `P0DT9H0M0S`, after its due date, and "1 day early at 09:00" with `-P0DT15H0M0S`.
 */
function remindersOf(value: string, dueDate: string | null): ReminderSpec[] {
  if (!dueDate) return [];
  return value
    .split(',')
    .map((part) => parseIsoDuration(part))
    .filter((seconds): seconds is number => seconds !== null)
    .map((seconds) => ({ reminder: null, relativePeriod: seconds, relativeTo: 'due_date' as const }));
}

function taskOf(row: Record<string, string>, key: string): PlanTask {
  const task = emptyTask(key, row.Title || 'Untitled task');
  task.description = plainTextToHtml(row.Content ?? '', row['Is Check list'] === 'Y');
  task.done = row.Status === '1' || row.Status === '2';
  task.doneAt = task.done ? dateOf(row['Completed Time'] ?? '') : null;
  task.startDate = dateOf(row['Start Date'] ?? '');
  task.dueDate = dateOf(row['Due Date'] ?? '');
  // A start and a due date make a range, as Ordo's gantt shows it.
  task.endDate = task.startDate ? task.dueDate : null;
  task.priority = PRIORITIES[row.Priority ?? '0'] ?? 0;
  task.reminders = remindersOf(row.Reminder ?? '', task.dueDate);
  const repeat = repeatFromRrule(row.Repeat ?? '');
  if (repeat) {
    task.repeatAfter = repeat.repeatAfter;
    task.repeatMode = repeat.repeatMode;
  }
  task.labels = [...new Set((row.Tags ?? '').split(',').map((t) => t.trim()))]
    .filter((t) => t !== '')
    .map((title) => ({ title, hexColor: '', description: '' }));
  if (row.parentId) task.relations = [{ kind: 'parenttask', otherKey: row.parentId }];
  const column = (row['Column Name'] ?? '').trim();
  task.bucketKey = column || null;
  return task;
}

export function tickTickToPlan(rows: Record<string, string>[]): PlanProject[] {
  const parent = emptyProject(TICKTICK_PARENT_TITLE);
  const folders = new Map<string, PlanProject>();
  const lists = new Map<string, { project: PlanProject; tasks: { task: PlanTask; order: number }[] }>();
  const columns = new Map<PlanProject, Map<string, number>>();

  rows.forEach((row, i) => {
    const folderName = (row['Folder Name'] ?? '').trim();
    const listName = (row['List Name'] ?? '').trim() || 'Inbox';
    const listKey = `${folderName}\u0000${listName}`;
    let list = lists.get(listKey);
    if (!list) {
      list = { project: emptyProject(listName), tasks: [] };
      lists.set(listKey, list);
      let home = parent;
      if (folderName) {
        home = folders.get(folderName) ?? emptyProject(folderName);
        if (!folders.has(folderName)) {
          folders.set(folderName, home);
          parent.children.push(home);
        }
      }
      home.children.push(list.project);
    }
    const task = taskOf(row, row.taskId || `row-${i}`);
    list.tasks.push({ task, order: Number(row.Order) || 0 });
    if (task.bucketKey) {
      const known = columns.get(list.project) ?? new Map<string, number>();
      if (!known.has(task.bucketKey)) known.set(task.bucketKey, Number(row['Column Order']) || 0);
      columns.set(list.project, known);
    }
  });

  for (const { project, tasks } of lists.values()) {
    project.tasks = tasks.sort((a, b) => a.order - b.order).map((t) => t.task);
    const known = columns.get(project);
    if (known) {
      project.buckets = [...known.entries()]
        .sort((a, b) => a[1] - b[1])
        .map(([title]) => ({ key: title, title, limit: 0 }));
      project.defaultBucketKey = project.buckets[0]?.key ?? null;
    }
  }
  return [parent];
}
