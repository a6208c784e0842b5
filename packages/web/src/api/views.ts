/** A project's views (spec 2 §3 ProjectView, §7; reference/vikunja-api.md §2.5). */
import { apiRequest } from './client';

export type ViewKind = 'list' | 'gantt' | 'table' | 'kanban' | 'calendar';

export interface ViewFilter {
  s: string;
  sortBy: string[] | null;
  orderBy: string[] | null;
  filter: string;
  filterIncludeNulls: boolean;
  /** IANA zone the view's dates are read in (and the request's, through the view); kept on edit. */
  filterTimezone?: string;
}

/** One bucket of a filter-mode kanban view: the tasks matching its filter. */
export interface BucketConfigurationItem {
  title: string;
  filter: { filter: string; filterIncludeNulls?: boolean; filterTimezone?: string } | null;
}

export interface ProjectView {
  id: number;
  title: string;
  projectId: number;
  viewKind: ViewKind;
  filter: ViewFilter | null;
  position: number;
  bucketConfigurationMode: string;
  bucketConfiguration: BucketConfigurationItem[] | null;
  defaultBucketId: number;
  doneBucketId: number;
  created: string;
  updated: string;
}

/** The view itself, for its current default and done bucket. */
export function fetchView(projectId: number, viewId: number): Promise<ProjectView> {
  return apiRequest('GET', `/projects/${projectId}/views/${viewId}`);
}

export interface ViewInput {
  title: string;
  viewKind: ViewKind;
  filter: ViewFilter | null;
  position: number;
  bucketConfigurationMode: string;
  /** Only read for filter-mode kanban views. */
  bucketConfiguration?: BucketConfigurationItem[] | null;
  defaultBucketId: number;
  doneBucketId: number;
}

export function createView(
  projectId: number,
  input: Partial<ViewInput> & { title: string },
): Promise<ProjectView> {
  return apiRequest('PUT', `/projects/${projectId}/views`, { body: input });
}

export function updateView(projectId: number, viewId: number, input: ViewInput): Promise<ProjectView> {
  return apiRequest('POST', `/projects/${projectId}/views/${viewId}`, { body: input });
}

export function deleteView(projectId: number, viewId: number): Promise<{ message: string }> {
  return apiRequest('DELETE', `/projects/${projectId}/views/${viewId}`);
}
