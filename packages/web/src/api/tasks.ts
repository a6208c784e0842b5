/**
 * Tasks (spec 2 §3 Task, §7 calls; reference/vikunja-api.md §2.6, §3.3). Dates stay wire strings
 * (`0001-01-01T00:00:00Z` means unset); an update is a full replace, so callers send the whole task,
 * assignees and reminders included. A task's labels, assignees, relations, comments and attachments
 * have their own modules.
 */
import type { TaskBody as ContractTaskBody } from '@ordo/core';
import { snakeToCamel } from './case-conversion';
import { apiRequest, apiRequestWithHeaders } from './client';
import type { CustomFieldChanges } from './custom-fields';
import { queryKeys } from './query-keys';
import { taskDetailKey } from './task-detail';
import type { CamelCased, Task as ContractTask } from './types';

export type RelativeTo = 'due_date' | 'start_date' | 'end_date';

export interface Reminder {
  reminder: string;
  relativePeriod: number;
  relativeTo: RelativeTo | '';
}

/** A task as the API sends it (core's TaskSchema, camel-cased). */
export type Task = ContractTask;

/**
 * What `POST /tasks/{id}` and task creation read (core's TaskBody, camel-cased). An update
 * replaces the whole task: omitted fields get their zero value and omitted assignees or reminders
 * are removed, so `taskInput` always carries them.
 */
export type TaskInput = Partial<CamelCased<ContractTaskBody>>;

/**
 * The body's fields: a field added to core's TaskBody fails the type check until it is listed
 * here. Listed rather than read from the schema, so the app does not carry TypeBox and the
 * contract's schemas.
 */
const TASK_BODY_FIELDS = {
  title: true,
  description: true,
  done: true,
  due_date: true,
  start_date: true,
  end_date: true,
  repeat_after: true,
  repeat_mode: true,
  repeat_rule: true,
  priority: true,
  hex_color: true,
  percent_done: true,
  is_favorite: true,
  bucket_id: true,
  index: true,
  project_id: true,
  cover_image_attachment_id: true,
  assignees: true,
  reminders: true,
  custom_fields: true,
} satisfies Record<keyof ContractTaskBody, true>;
export const TASK_BODY_KEYS = Object.keys(TASK_BODY_FIELDS).map(snakeToCamel) as (keyof TaskInput &
  keyof Task)[];

/** The update body that keeps the task as it is. */
export function taskInput(task: Task): TaskInput {
  const input: Record<string, unknown> = {};
  for (const key of TASK_BODY_KEYS) input[key] = task[key];
  // Only clearing a calendar app's rule is sent; left out, the server keeps it.
  if (task.repeatRule !== '') delete input.repeatRule;
  // Custom field values are sent only by the saves that change them (saveTaskAt's fieldChanges):
  // left out, the server keeps them all, so a copy loaded earlier never undoes a newer value.
  delete input.customFields;
  input.assignees = task.assignees ?? [];
  input.reminders = task.reminders ?? [];
  return input as TaskInput;
}

export function remindersOf(task: Task): Reminder[] {
  return (task.reminders as Reminder[] | null) ?? [];
}

export { fetchTaskDetail, type TaskDetail } from './task-detail';

export const taskKeys = {
  detail: taskDetailKey,
  comments: queryKeys.taskComments,
  activity: (id: number) => ['tasks', 'detail', id, 'activity'] as const,
  search: (text: string) => ['tasks', 'search', text] as const,
  projectUsers: (projectId: number, text: string) => ['projects', projectId, 'users', text] as const,
};

export interface TaskListQuery {
  page: number;
  perPage?: number;
  sortBy?: string[];
  orderBy?: ('asc' | 'desc')[];
  filter?: string;
  filterIncludeNulls?: boolean;
  s?: string;
  expand?: string[];
}

export interface TaskPage {
  tasks: Task[];
  totalPages: number;
}

export function listQuery(query: TaskListQuery): string {
  const params = new URLSearchParams({ page: String(query.page) });
  if (query.perPage) params.set('per_page', String(query.perPage));
  for (const field of query.sortBy ?? []) params.append('sort_by[]', field);
  for (const order of query.orderBy ?? []) params.append('order_by[]', order);
  if (query.filter) params.set('filter', query.filter);
  if (query.filterIncludeNulls !== undefined)
    params.set('filter_include_nulls', String(query.filterIncludeNulls));
  if (query.s) params.set('s', query.s);
  for (const value of query.expand ?? []) params.append('expand[]', value);
  params.set('filter_timezone', Intl.DateTimeFormat().resolvedOptions().timeZone);
  return params.toString();
}

/** One page of tasks through a list or table view (kanban views answer buckets instead). */
export async function fetchViewTasks(
  projectId: number,
  viewId: number,
  query: TaskListQuery,
): Promise<TaskPage> {
  const { data, headers } = await apiRequestWithHeaders<Task[] | null>(
    'GET',
    `/projects/${projectId}/views/${viewId}/tasks?${listQuery(query)}`,
  );
  return { tasks: data ?? [], totalPages: Number(headers.get('x-pagination-total-pages') ?? '0') || 0 };
}

/**
 * One page of tasks from every project (`projectId` null) or from one project, a saved filter's
 * pseudo project included.
 */
export async function fetchTasksPage(projectId: number | null, query: TaskListQuery): Promise<TaskPage> {
  const path = projectId ? `/projects/${projectId}/tasks` : '/tasks/all';
  const { data, headers } = await apiRequestWithHeaders<Task[] | null>('GET', `${path}?${listQuery(query)}`);
  return { tasks: data ?? [], totalPages: Number(headers.get('x-pagination-total-pages') ?? '0') || 0 };
}

/** The first 20 tasks whose text matches, undone ones first. */
export async function searchTasks(text: string): Promise<Task[]> {
  const params = new URLSearchParams({ s: text, per_page: '20', page: '1' });
  params.append('sort_by[]', 'done');
  params.append('order_by[]', 'asc');
  return (await apiRequest<Task[] | null>('GET', `/tasks/all?${params}`)) ?? [];
}

/** `GET /tasks/all?s=&sort_by=done&filter=`: every match of the text and filter, undone tasks first. */
export async function searchFilteredTasks(
  text: string,
  filter: string,
  signal?: AbortSignal,
): Promise<Task[]> {
  const params = new URLSearchParams({ s: text, sort_by: 'done' });
  if (filter) params.set('filter', filter);
  return (await apiRequest<Task[] | null>('GET', `/tasks/all?${params}`, { signal })) ?? [];
}

export function fetchTask(id: number): Promise<Task> {
  return apiRequest('GET', `/tasks/${id}`);
}

export function createTask(projectId: number, input: TaskInput & { title: string }): Promise<Task> {
  return apiRequest('PUT', `/projects/${projectId}/tasks`, { body: input });
}

/** `base`: the task the input was made from, so a save that has to wait sends only its changes. */
export function updateTask(id: number, input: TaskInput, base?: Task): Promise<Task> {
  return apiRequest('POST', `/tasks/${id}`, { body: input, base });
}

/** Full replace: the task's fields plus the collections the update also replaces. */
export function saveTask(task: Task, base?: Task): Promise<Task> {
  return apiRequest('POST', `/tasks/${task.id}`, {
    body: taskInput(task),
    base,
  });
}

/** The error code of a save refused because someone else saved the task meanwhile (412). */
export const TASK_CHANGED_MEANWHILE = 30070;

/**
 * Full replace that only lands while the task is still at `version` (If-Match); without a version
 * the last write wins. Custom field values are sent only as `fieldChanges` (the changed keys):
 * a body without them leaves every value as it is. A stale save throws ApiRequestError 412 (30070) whose body holds the
 * current `task` and `version`.
 */
export async function saveTaskAt(
  task: Task,
  version?: string,
  fieldChanges?: CustomFieldChanges,
  base?: Task,
): Promise<{ task: Task; version?: string }> {
  const { data, headers } = await apiRequestWithHeaders<Task>('POST', `/tasks/${task.id}`, {
    body: fieldChanges ? { ...taskInput(task), customFields: fieldChanges } : taskInput(task),
    headers: version ? { 'If-Match': version } : {},
    base,
  });
  return { task: data, version: headers.get('etag') ?? undefined };
}

/** Fields `POST /tasks/bulk` sets to one value on many tasks (its v1.0 body: fields and values). */
export interface BulkValues {
  done?: boolean;
  dueDate?: string;
  priority?: number;
  projectId?: number;
}

const bulkFieldNames: Record<keyof BulkValues, string> = {
  done: 'done',
  dueDate: 'due_date',
  priority: 'priority',
  projectId: 'project_id',
};

/** The same values on tasks of one project, in one transaction; answers the changed tasks. */
export async function bulkUpdateTasks(taskIds: readonly number[], values: BulkValues): Promise<Task[]> {
  const fields = (Object.keys(values) as (keyof BulkValues)[]).map((key) => bulkFieldNames[key]);
  return (await apiRequest<{ tasks: Task[] }>('POST', '/tasks/bulk', { body: { taskIds, fields, values } }))
    .tasks;
}

/** Labels and assignees put on or taken off tasks of one project (Ordo's own bulk fields). */
export interface BulkPartChange {
  addLabelIds?: number[];
  removeLabelIds?: number[];
  addAssigneeIds?: number[];
  removeAssigneeIds?: number[];
}

/** Only the labels and assignees change (no `fields`: the server leaves the rest alone); one transaction. */
export async function bulkChangeTaskParts(
  taskIds: readonly number[],
  change: BulkPartChange,
): Promise<Task[]> {
  return (await apiRequest<{ tasks: Task[] }>('POST', '/tasks/bulk', { body: { taskIds, ...change } })).tasks;
}

/** Deletes tasks of one project in one transaction. */
export function bulkDeleteTasks(taskIds: readonly number[]): Promise<{ message: string }> {
  return apiRequest('POST', '/tasks/bulk/delete', { body: { taskIds } });
}

/** A copy of the task in its project, with its labels, assignees, reminders and attachments. */
export async function duplicateTask(id: number): Promise<Task> {
  return (await apiRequest<{ duplicatedTask: Task }>('PUT', `/tasks/${id}/duplicate`)).duplicatedTask;
}

export function deleteTask(id: number): Promise<{ message: string }> {
  return apiRequest('DELETE', `/tasks/${id}`);
}

/** The task's place in one view (list order, or its order inside a kanban bucket). */
export function setTaskPosition(
  taskId: number,
  viewId: number,
  position: number,
): Promise<{ taskId: number; projectViewId: number; position: number }> {
  return apiRequest('POST', `/tasks/${taskId}/position`, { body: { projectViewId: viewId, position } });
}
