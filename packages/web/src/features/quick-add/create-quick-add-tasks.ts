/**
 * Creating tasks from quick-add text (spec 2 §5, behaviour.md §1.8). One line gives one task;
 * pasted lines give one task each, indented lines becoming subtasks of the line above them. Every
 * line's project is determined before anything is created, so NO_PROJECT leaves nothing half-made.
 */
import { randomLabelColor, removeQuickAddAssignees, splitQuickAddLines, toIsoSeconds } from '@ordo/core';
import type { TFunction } from 'i18next';
import { ApiUnreachableError } from '../../api/api-error';
import type { Label } from '../../api/labels';
import { createLabel, findLabelByTitle } from '../../api/labels';
import { addTaskLabel, setTaskLabels } from '../../api/task-labels';
import { addRelation } from '../../api/task-relations';
import type { Task, TaskInput } from '../../api/tasks';
import { createTask } from '../../api/tasks';
import type { User } from '../../api/types';
import { searchProjectUsers } from '../../api/users';
import { remindersForNewTask } from './default-reminders';
import { type QuickAddEnvironment, quickAddDraft, type TaskDraft } from './task-draft';
import { pickQuickAddUser } from './user-lookup';

/** No project named, passed in or in the route: the task has nowhere to go. */
export class QuickAddNoProjectError extends Error {
  readonly code = 'NO_PROJECT';
  constructor() {
    super('NO_PROJECT');
    this.name = 'QuickAddNoProjectError';
  }
}

/**
 * The success notice after creating: one task, or how many. Tasks made offline (temporary,
 * negative ids) are not on the server yet: the notice says they wait on the device.
 */
export function createdMessage(tasks: readonly Pick<Task, 'id'>[], t: TFunction): string {
  const count = tasks.length;
  if (count > 0 && tasks.every((task) => task.id < 0))
    return count === 1 ? t('quickAdd.createdOneOffline') : t('quickAdd.createdManyOffline', { count });
  return count === 1 ? t('quickAdd.createdOne') : t('quickAdd.createdMany', { count });
}

export interface QuickAddOutcome {
  tasks: Task[];
  /** Labels created on the way, so callers can refresh label lists. */
  createdLabels: Label[];
}

/** Without a network the labels the app has loaded are asked instead of the server. */
async function findLabel(title: string, environment: QuickAddEnvironment): Promise<Label | null> {
  try {
    return await findLabelByTitle(title);
  } catch (error) {
    if (!(error instanceof ApiUnreachableError)) throw error;
    const wanted = title.toLowerCase();
    return environment.labelsHere?.().find((label) => label.title.toLowerCase() === wanted) ?? null;
  }
}

/**
 * A label found by its name, or made: offline it is made on the device and waits in the outbox
 * with the task (app/offline/offline-labels.ts), so what was typed is never lost.
 */
async function findOrCreateLabel(
  title: string,
  environment: QuickAddEnvironment,
  created: Label[],
): Promise<Label | null> {
  try {
    const found = await findLabel(title, environment);
    if (found) return found;
    const label = await createLabel({ title, description: '', hexColor: randomLabelColor() });
    created.push(label);
    return label;
  } catch {
    // Creating labels can be refused (a link share has no labels of its own): the task still comes.
    return null;
  }
}

async function findAssignee(projectId: number, name: string): Promise<{ name: string; user: User } | null> {
  try {
    const user = pickQuickAddUser(await searchProjectUsers(projectId, name), name);
    return user ? { name, user } : null;
  } catch (error) {
    // Without a network nobody can be looked up: the name stays in the title, as an unknown one does.
    if (error instanceof ApiUnreachableError) return null;
    throw error;
  }
}

/**
 * Puts the labels on the new task: in one request, or one by one where that cannot be sent now (a
 * task or label made offline, or no network), as those wait in the outbox until it can.
 */
async function attachLabels(taskId: number, labels: readonly Label[]): Promise<void> {
  const ids = labels.map((l) => l.id);
  const oneByOne = async () => {
    for (const id of ids) await addTaskLabel(taskId, id);
  };
  if (taskId < 0 || ids.some((id) => id < 0)) return oneByOne();
  try {
    await setTaskLabels(taskId, ids);
  } catch (error) {
    if (!(error instanceof ApiUnreachableError)) throw error;
    await oneByOne();
  }
}

function uniqueIgnoringCase(values: readonly string[]): string[] {
  return [...new Map(values.map((v) => [v.toLowerCase(), v])).values()];
}

async function createFromDraft(
  draft: TaskDraft & { projectId: number },
  environment: QuickAddEnvironment,
  createdLabels: Label[],
  bucketId: number | undefined,
  extraFields: ExtraTaskFields | undefined,
): Promise<Task> {
  const mode = environment.mode;
  const extra = extraFields?.(draft) ?? {};
  // A due date the place gives (a calendar day) gets the default reminders like a typed one.
  const reminders = remindersForNewTask(
    environment.defaultReminders ?? [],
    !!(draft.dueDate ?? extra.dueDate),
  );
  const [labels, assignees] = await Promise.all([
    // `*Home *home` are two parse results but one label: look each name up once.
    Promise.all(
      uniqueIgnoringCase(draft.labels).map((title) => findOrCreateLabel(title, environment, createdLabels)),
    ),
    Promise.all(draft.assignees.map((name) => findAssignee(draft.projectId, name))),
  ]);
  const found = assignees.filter((a) => a !== null);
  // Only names that are real users leave the title; a title of nothing but them falls back to the input.
  const title =
    removeQuickAddAssignees(
      draft.title,
      found.map((a) => a.name),
      mode,
    ) || draft.input;
  const users = [...new Map(found.map((a) => [a.user.id, a.user])).values()];
  const task = await createTask(draft.projectId, {
    title,
    ...(draft.dueDate ? { dueDate: toIsoSeconds(draft.dueDate) } : {}),
    ...(draft.priority !== null ? { priority: draft.priority } : {}),
    ...(draft.repeatFields ?? {}),
    ...(bucketId ? { bucketId } : {}),
    ...(reminders.length > 0 ? { reminders } : {}),
    ...extra,
    assignees: users.map((u) => ({ id: u.id })),
  });
  const attached = [...new Map(labels.filter((l) => l !== null).map((l) => [l.id, l])).values()];
  if (attached.length === 0) return task;
  await attachLabels(task.id, attached);
  return { ...task, labels: attached };
}

function withProject(draft: TaskDraft): TaskDraft & { projectId: number } {
  if (draft.projectId === null) throw new QuickAddNoProjectError();
  return draft as TaskDraft & { projectId: number };
}

/**
 * Fields a place adds to every task it creates (the gantt chart's dates, the calendar day's due
 * date), from the parsed line.
 */
export type ExtraTaskFields = (draft: TaskDraft) => Pick<TaskInput, 'startDate' | 'endDate' | 'dueDate'>;

/**
 * Creates the task (or tasks, for several lines) the text describes. `bucketId` (a kanban card
 * input) places the tasks that stay in the given project into that bucket; a task the text sends
 * to another project goes to that project's default bucket.
 */
export async function createQuickAddTasks(
  text: string,
  environment: QuickAddEnvironment,
  bucketId?: number,
  extraFields?: ExtraTaskFields,
): Promise<QuickAddOutcome> {
  const createdLabels: Label[] = [];
  const bucketFor = (draft: TaskDraft) =>
    draft.projectId === environment.givenProjectId ? bucketId : undefined;
  const lines = splitQuickAddLines(text, environment.mode);
  if (lines.length <= 1) {
    const draft = withProject(quickAddDraft(text.trim(), environment));
    return {
      tasks: [await createFromDraft(draft, environment, createdLabels, bucketFor(draft), extraFields)],
      createdLabels,
    };
  }

  const drafts = lines.map((line) => withProject(quickAddDraft(line.title, environment, line.project)));
  const tasks: Task[] = [];
  // In order: a parent line always comes before its subtasks, and positions follow the pasted order.
  for (const [index, draft] of drafts.entries()) {
    const task = await createFromDraft(draft, environment, createdLabels, bucketFor(draft), extraFields);
    tasks.push(task);
    const parentIndex = lines[index].parentIndex;
    if (parentIndex !== null) await addRelation(tasks[parentIndex].id, task.id, 'subtask');
  }
  return { tasks, createdLabels };
}
