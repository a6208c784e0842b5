/**
 * Kanban buckets (spec 2 §7; reference/vikunja-api.md §2.5): the board (buckets with their first
 * 25 tasks and their counts), later pages of the board's tasks (by position), bucket
 * create/update/delete and moving a task into a bucket. A task's position is in tasks.ts.
 */

import { apiRequest, apiRequestWithHeaders } from './client';
import { UNREAD_EXPAND } from './task-read';
import type { Task } from './tasks';

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

/** The user's filter and search on the board (from the URL); the view's own filter is the server's. */
export interface BoardFilter {
  filter?: string;
  s?: string;
  filterIncludeNulls?: boolean;
}

function boardQuery(page: number, filter: string, board: BoardFilter): string {
  const params = new URLSearchParams({ page: String(page), per_page: String(KANBAN_PAGE_SIZE) });
  params.append('sort_by[]', 'position');
  params.append('order_by[]', 'asc');
  // Cards show how many comments a task has, and whether some are unread.
  params.append('expand[]', 'comment_count');
  params.append('expand[]', UNREAD_EXPAND);
  if (filter) params.set('filter', filter);
  if (filter && board.filterIncludeNulls) params.set('filter_include_nulls', 'true');
  if (board.s) params.set('s', board.s);
  params.set('filter_timezone', Intl.DateTimeFormat().resolvedOptions().timeZone);
  return params.toString();
}

/** The board: every bucket with its first page of (matching) tasks and its count of them. */
export async function fetchBuckets(
  projectId: number,
  viewId: number,
  board: BoardFilter = {},
): Promise<Bucket[]> {
  return (
    (await apiRequest<Bucket[] | null>(
      'GET',
      `/projects/${projectId}/views/${viewId}/tasks?${boardQuery(1, board.filter ?? '', board)}`,
    )) ?? []
  );
}

export interface BucketPage {
  tasks: Task[];
  totalPages: number;
}

/**
 * Page `page` (from 1) of the board's tasks through its filter, in position order; a bucket's own
 * pages put `bucket_id = {id}` into that filter (bucketFilter in the kanban feature).
 */
export async function fetchBoardPage(
  projectId: number,
  viewId: number,
  page: number,
  board: BoardFilter = {},
): Promise<BucketPage> {
  const { data, headers } = await apiRequestWithHeaders<Task[] | null>(
    'GET',
    `/projects/${projectId}/views/${viewId}/tasks?${boardQuery(page, board.filter ?? '', board)}`,
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
