/**
 * A Todoist project's CSV rows in Ordo's terms: one project (named after the file, as Todoist
 * names the export after the project) whose tasks keep the file's order.
 *
 * Sections become the buckets of the project's kanban view, in the file's order: that is how
 * Vikunja's own Todoist importer shows them, and a Todoist user who switches a project to board
 * layout sees exactly those sections as columns. Tasks above the first section go to a bucket of
 * their own, first, as Todoist shows them above the sections.
 *
 * INDENT > 1 makes a task the subtask of the nearest task above it with a lower indent. PRIORITY
 * is Todoist's p-level as its app shows it (1 = p1, the highest; 4 = p4, what every task without
 * a priority has; the API counts the other way round, but the CSV does not) and maps to Ordo's
 * urgent, high, medium and unset, as Vikunja's Todoist importer maps the same levels. Labels are
 * the @words of the task's name. Notes are comments on the task above them (a note above every
 * task is the project's comment and goes to the project's description). DATE is read where it
 * means the same on any day (see parseTodoistDate); a phrase that is not, a repeating phrase
 * without a date to repeat from (see applyRepeat), the duration, and the person it was assigned
 * to are kept as lines of the description, so nothing of the file is lost.
 */
import {
  instantOfWallTime,
  isValidTimeZone,
  parseTodoistDate,
  type TodoistDate,
  toIsoSeconds,
} from '@ordo/core';
import { escapeHtml } from '../../rich-text/escape-html.js';
import { plainTextToHtml } from '../plain-text-html.js';
import { emptyProject, emptyTask, type PlanProject, type PlanTask, plainComment } from '../plan.js';
import type { TodoistRow } from './read-csv.js';

export const TODOIST_DEFAULT_TITLE = 'Imported from Todoist';
/** The bucket for tasks above the first section. */
export const TODOIST_NO_SECTION = 'No section';

/** Todoist's CSV priority (1 = p1 … 4 = p4) → Ordo's priority (4 urgent, 3 high, 2 medium, 0 unset). */
const PRIORITIES: Record<number, number> = { 1: 4, 2: 3, 3: 2, 4: 0 };
const LABEL = /(^|\s)@([\p{L}\p{N}_\-.]+)/gu;

/** The title without its @labels, and the labels (each once). */
function splitLabels(content: string): { title: string; labels: string[] } {
  const labels = [...content.matchAll(LABEL)].map((m) => m[2].replace(/[.]+$/, ''));
  const title = content.replace(LABEL, '$1').replace(/\s+/g, ' ').trim();
  return { title: title || content, labels: [...new Set(labels.filter((l) => l !== ''))] };
}

/** The instant of a read date: at its time in the row's time zone (UTC when it names none). */
function instantOf(parsed: TodoistDate, timezone: string): string | null {
  if (!parsed.date) return null;
  const zone = isValidTimeZone(timezone) ? timezone : 'UTC';
  const { year, month, day, hour, minute } = parsed.date;
  return toIsoSeconds(
    new Date(instantOfWallTime({ year, month, day, hour, minute, second: 0, millisecond: 0 }, zone)),
  );
}

const DURATION_SECONDS: Record<string, number> = { minute: 60, day: 86_400 };

/** Reads DATE into the due date (and time slot); answers what it read, for applyRepeat. */
function applyDate(task: PlanTask, row: TodoistRow, notes: string[]): TodoistDate | null {
  if (row.date === '') return null;
  const parsed = parseTodoistDate(row.date, row.dateLang);
  if (!parsed?.exact) notes.push(`Todoist date: ${row.date}`);
  if (!parsed) return null;
  task.dueDate = instantOf(parsed, row.timezone);
  const amount = Number(row.duration);
  const unit = DURATION_SECONDS[row.durationUnit.toLowerCase()];
  if (task.dueDate && parsed.hasTime && amount > 0 && unit) {
    // A timed task with a duration is a time slot: from its due time for that long.
    task.startDate = task.dueDate;
    task.endDate = toIsoSeconds(new Date(Date.parse(task.dueDate) + amount * unit * 1000));
  }
  return parsed;
}

/**
 * Todoist's deadline (newer exports) is the day a task must be done by, which is what Ordo's due
 * date means; a task with both keeps its DATE as due date and the deadline as a line of the
 * description.
 */
function applyDeadline(task: PlanTask, row: TodoistRow, notes: string[]): void {
  if (row.deadline === '') return;
  const parsed = parseTodoistDate(row.deadline, row.deadlineLang);
  if (parsed?.date && !parsed.repeat && !task.dueDate) task.dueDate = instantOf(parsed, row.timezone);
  else notes.push(`Todoist deadline: ${row.deadline}`);
}

/**
 * A repeating phrase ("every day") repeats the task from its due date. Todoist's export holds only
 * the phrase, not the next day the task is due, so a task without a due date from elsewhere (its
 * deadline) has nothing to repeat from: with a repeat, marking it done would only open it again
 * and it could never be completed. Such a task gets no repeat; its phrase stays the first line of
 * its description (a phrase Ordo reads only in part is there already).
 */
function applyRepeat(task: PlanTask, row: TodoistRow, parsed: TodoistDate | null, notes: string[]): void {
  if (!parsed?.repeat) return;
  if (task.dueDate) {
    task.repeatAfter = parsed.repeat.repeatAfter;
    task.repeatMode = parsed.repeat.repeatMode;
  } else if (parsed.exact) {
    notes.unshift(`Todoist date: ${row.date}`);
  }
}

function taskOf(row: TodoistRow, key: string): PlanTask {
  const { title, labels } = splitLabels(row.content);
  const task = emptyTask(key, title);
  task.priority = PRIORITIES[row.priority] ?? 0;
  task.labels = labels.map((label) => ({ title: label, hexColor: '', description: '' }));
  const notes: string[] = [];
  const date = applyDate(task, row, notes);
  applyDeadline(task, row, notes);
  applyRepeat(task, row, date, notes);
  if (row.duration !== '' && !task.endDate)
    notes.push(`Todoist duration: ${row.duration} ${row.durationUnit}`.trim());
  if (row.responsible !== '') notes.push(`Assigned in Todoist to: ${row.responsible}`);
  task.description =
    plainTextToHtml(row.description, false) + notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('');
  return task;
}

export function todoistToPlan(rows: TodoistRow[], fileName: string): PlanProject {
  const project = emptyProject(projectTitleOf(fileName));
  const projectNotes: string[] = [];
  /** The tasks above, by indent, for finding a subtask's parent. */
  const open: { indent: number; task: PlanTask }[] = [];
  let section: string | null = null;
  let above: 'task' | 'section' | 'none' = 'none';
  const sections: string[] = [];

  for (const row of rows) {
    if (row.type === 'section') {
      section = `section-${row.line}`;
      project.buckets.push({ key: section, title: row.content, limit: 0 });
      sections.push(section);
      open.length = 0;
      above = 'section';
      continue;
    }
    if (row.type === 'note') {
      const last = open.at(-1)?.task;
      if (above === 'task' && last) last.comments.push(plainComment(plainTextToHtml(row.content, false)));
      else projectNotes.push(row.content);
      continue;
    }
    const task = taskOf(row, `line-${row.line}`);
    task.bucketKey = section ?? TODOIST_NO_SECTION;
    while (open.length > 0 && (open.at(-1)?.indent ?? 0) >= row.indent) open.pop();
    const parent = open.at(-1);
    if (row.indent > 1 && parent) task.relations = [{ kind: 'parenttask', otherKey: parent.task.key }];
    open.push({ indent: row.indent, task });
    project.tasks.push(task);
    above = 'task';
  }

  if (project.buckets.length > 0 && project.tasks.some((t) => t.bucketKey === TODOIST_NO_SECTION)) {
    project.buckets.unshift({ key: TODOIST_NO_SECTION, title: TODOIST_NO_SECTION, limit: 0 });
  }
  if (project.buckets.length === 0) for (const task of project.tasks) task.bucketKey = null;
  project.defaultBucketKey = project.buckets[0]?.key ?? null;
  project.description = projectNotes.map((n) => plainTextToHtml(n, false)).join('');
  return project;
}

/** "Groceries.csv" → "Groceries"; Todoist names the file after the project. */
function projectTitleOf(fileName: string): string {
  const base = fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.csv$/i, '')
    .trim();
  return base === '' || base === 'blob' ? TODOIST_DEFAULT_TITLE : base;
}
