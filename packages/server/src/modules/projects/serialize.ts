/** The project shape of reference §3.1 (with Ordo's v0.24 name `max_right`). */
import { type Project, type ProjectView, type Right, type ViewKind, ZERO_DATE } from '@ordo/core';
import type { ProjectRow, UserRow } from '../../db/schema.js';
import { type PublicUser, publicUser } from '../users/serialize.js';
import { DEFAULT_LIST_FILTER } from '../views/defaults.js';
import type { SerializedView } from '../views/serialize.js';

export interface ProjectExtras {
  owner: UserRow | undefined;
  views: SerializedView[];
  isFavorite: boolean;
  /** Only filled by `GET /projects?expand=rights`. */
  maxRight: Right | null;
}

export function serializeProject(row: ProjectRow, extras: ProjectExtras): Project {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    identifier: row.identifier,
    hex_color: row.hex_color,
    parent_project_id: row.parent_project_id,
    owner: extras.owner ? publicUser(extras.owner) : null,
    is_archived: !!row.is_archived,
    background_information: row.background_file_id ? { Type: 'upload' } : null,
    background_blur_hash: row.background_blur_hash,
    is_favorite: extras.isFavorite,
    position: row.position,
    views: extras.views,
    max_right: extras.maxRight,
    created: row.created,
    updated: row.updated,
  };
}

export type SerializedProject = ReturnType<typeof serializeProject>;

export const FAVORITES_PROJECT_ID = -1;

/** Views of the Favorites pseudo project: list (done = false), gantt and table. */
function favoritesView(
  id: number,
  title: string,
  kind: ViewKind,
  position: number,
  filter: string | null,
): ProjectView {
  return {
    id,
    title,
    project_id: FAVORITES_PROJECT_ID,
    view_kind: kind,
    filter: filter ? { s: '', sort_by: null, order_by: null, filter, filter_include_nulls: false } : null,
    position,
    bucket_configuration_mode: 'none',
    bucket_configuration: null,
    default_bucket_id: 0,
    done_bucket_id: 0,
    updated: ZERO_DATE,
    created: ZERO_DATE,
  };
}

export const FAVORITES_VIEW_IDS = [-1, -2, -3];

/** The read-only Favorites pseudo project (reference §3.1); its owner is the caller. */
export function favoritesProject(caller: UserRow | undefined, maxRight: Right | null): Project {
  const owner: PublicUser | null = caller ? publicUser(caller) : null;
  return {
    id: FAVORITES_PROJECT_ID,
    title: 'Favorites',
    description: 'This project has all tasks marked as favorites.',
    identifier: '',
    hex_color: '',
    parent_project_id: 0,
    owner,
    is_archived: false,
    background_information: null,
    background_blur_hash: '',
    is_favorite: true,
    position: -1,
    views: [
      favoritesView(-1, 'List', 'list', 100, DEFAULT_LIST_FILTER),
      favoritesView(-2, 'Gantt', 'gantt', 200, null),
      favoritesView(-3, 'Table', 'table', 300, null),
    ],
    max_right: maxRight,
    created: ZERO_DATE,
    updated: ZERO_DATE,
  };
}
