/**
 * The kanban calls (spec 2 §7; reference/vikunja-api.md §2.5): the board (buckets with their first
 * 25 tasks and their counts), later pages of one bucket (`bucket_id = {id}`, by position), bucket
 * create/update/delete, moving a task into a bucket and a task's position in the view.
 */

import { apiRequest, apiRequestWithHeaders } from '../../../api/client';
import type { ProjectView } from '../../../api/projects';
import type { Task } from '../../../api/tasks';

/** Tasks per bucket page (spec 2 §9). */
export const KANBAN_PAGE_SIZE = 25;

export interface Bucket {
  id: number;
  title: string;
  projectViewId: number;
  limit: number;
  count: number;
  position: number;
  tasks?: Task[] | null;
}

function boardQuery(page: number, filter?: string): string {
  const params = new URLSearchParams({ page: String(page), per_page: String(KANBAN_PAGE_SIZE) });
  params.append('sort_by[]', 'position');
  params.append('order_by[]', 'asc');
  // Cards show how many comments a task has.
  params.append('expand[]', 'comment_count');
  if (filter) params.set('filter', filter);
  params.set('filter_timezone', Intl.DateTimeFormat().resolvedOptions().timeZone);
  return params.toString();
}

/** The board: every bucket with its first page of tasks and its task count. */
export async function fetchBuckets(projectId: number, viewId: number): Promise<Bucket[]> {
  return (
    (await apiRequest<Bucket[] | null>(
      'GET',
      `/projects/${projectId}/views/${viewId}/tasks?${boardQuery(1)}`,
    )) ?? []
  );
}

/** The view itself, for its current default and done bucket. */
export function fetchView(projectId: number, viewId: number): Promise<ProjectView> {
  return apiRequest('GET', `/projects/${projectId}/views/${viewId}`);
}

export interface BucketPage {
  tasks: Task[];
  totalPages: number;
}

/** Page `page` (from 1) of one bucket's tasks, in position order. */
export async function fetchBucketPage(
  projectId: number,
  viewId: number,
  bucketId: number,
  page: number,
): Promise<BucketPage> {
  const { data, headers } = await apiRequestWithHeaders<Task[] | null>(
    'GET',
    `/projects/${projectId}/views/${viewId}/tasks?${boardQuery(page, `bucket_id = ${bucketId}`)}`,
  );
  return { tasks: data ?? [], totalPages: Number(headers.get('x-pagination-total-pages') ?? '0') || 0 };
}

/** What a bucket update sends: a full replace of title, limit and position. */
export interface BucketInput {
  title: string;
  limit: number;
  position: number;
  /** Marks or unmarks the bucket as the view's done bucket (write right is enough). */
  isDoneBucket?: boolean;
}

export function bucketInput(bucket: Bucket): BucketInput {
  return { title: bucket.title, limit: bucket.limit, position: bucket.position };
}

export function createBucket(projectId: number, viewId: number, title: string): Promise<Bucket> {
  return apiRequest('PUT', `/projects/${projectId}/views/${viewId}/buckets`, { body: { title } });
}

export function updateBucket(
  projectId: number,
  viewId: number,
  bucketId: number,
  input: BucketInput,
): Promise<Bucket> {
  return apiRequest('POST', `/projects/${projectId}/views/${viewId}/buckets/${bucketId}`, { body: input });
}

export function deleteBucket(projectId: number, viewId: number, bucketId: number): Promise<unknown> {
  return apiRequest('DELETE', `/projects/${projectId}/views/${viewId}/buckets/${bucketId}`);
}

export interface TaskBucketMove {
  /** Where the task ended up: a repeating task moved to the done bucket comes back open. */
  bucketId: number;
  bucket: Bucket;
  task: Task;
}

export function moveTaskToBucket(
  projectId: number,
  viewId: number,
  bucketId: number,
  taskId: number,
): Promise<TaskBucketMove> {
  return apiRequest('POST', `/projects/${projectId}/views/${viewId}/buckets/${bucketId}/tasks`, {
    body: { taskId },
  });
}

export function setTaskPosition(
  taskId: number,
  viewId: number,
  position: number,
): Promise<{ taskId: number; projectViewId: number; position: number }> {
  return apiRequest('POST', `/tasks/${taskId}/position`, { body: { projectViewId: viewId, position } });
}
