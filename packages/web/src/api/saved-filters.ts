/** Saved filters (spec 2 §3 "Saved filter", §7; reference/vikunja-api.md §2.9). */
import { apiRequest } from './client';
import type { User } from './types';

export interface SavedFilterSettings {
  s: string;
  sortBy: string[] | null;
  orderBy: string[] | null;
  filter: string;
  filterIncludeNulls: boolean;
}

export interface SavedFilter {
  id: number;
  title: string;
  description: string;
  filters: SavedFilterSettings;
  owner: User | null;
  isFavorite: boolean;
  created: string;
  updated: string;
}

export interface SavedFilterInput {
  title: string;
  description: string;
  filters: SavedFilterSettings;
  isFavorite?: boolean;
}

/** The defaults of a new saved filter (spec 2 §3): sort by done then id, undone tasks, nulls included. */
export const DEFAULT_FILTER_SETTINGS: SavedFilterSettings = {
  s: '',
  sortBy: ['done', 'id'],
  orderBy: ['asc', 'desc'],
  filter: 'done = false',
  filterIncludeNulls: true,
};

export const savedFilterKeys = {
  one: (id: number) => ['filters', id] as const,
};

/** Saved filter n shows as project −(n + 1); project −1 is the favourites pseudo project. */
export function savedFilterProjectId(filterId: number): number {
  return -filterId - 1;
}

export function savedFilterIdOf(projectId: number): number {
  return -projectId - 1;
}

export function fetchSavedFilter(id: number): Promise<SavedFilter> {
  return apiRequest('GET', `/filters/${id}`);
}

export function createSavedFilter(input: SavedFilterInput): Promise<SavedFilter> {
  return apiRequest('PUT', '/filters', { body: input });
}

export function updateSavedFilter(id: number, input: SavedFilterInput): Promise<SavedFilter> {
  return apiRequest('POST', `/filters/${id}`, { body: input });
}

export function deleteSavedFilter(id: number): Promise<{ message: string }> {
  return apiRequest('DELETE', `/filters/${id}`);
}
