/** A saved filter (reference §3.9) and the pseudo project it shows as (reference §3.1, §4.9). */
import { defaultPosition, type Right, type SavedFilter } from '@ordo/core';
import type { ProjectViewRow, SavedFilterRow, UserRow } from '../../db/schema.js';
import { type SerializedProject, serializeProject } from '../projects/serialize.js';
import { publicUser } from '../users/serialize.js';
import { serializeView } from '../views/serialize.js';
import { parseStoredSavedFilter, serializeSavedFilterObject } from './filters-object.js';

/** Saved filter `n` is project `-(n + 1)`: filter 1 is project −2 (−1 is Favorites). */
export function savedFilterProjectId(filterId: number): number {
  return -filterId - 1;
}

/** The saved filter behind a pseudo project id, or null for ids that are not one. */
export function savedFilterIdOf(projectId: number): number | null {
  return projectId < -1 ? -projectId - 1 : null;
}

export function serializeSavedFilter(row: SavedFilterRow, owner: UserRow | undefined): SavedFilter {
  return {
    id: row.id,
    filters: serializeSavedFilterObject(parseStoredSavedFilter(row.filters)),
    title: row.title,
    description: row.description,
    owner: owner ? publicUser(owner) : null,
    is_favorite: !!row.is_favorite,
    created: row.created,
    updated: row.updated,
  };
}

export type SerializedSavedFilter = ReturnType<typeof serializeSavedFilter>;

/** Title, description, favourite flag and dates come from the filter; the owner is the caller. */
export function savedFilterProject(
  row: SavedFilterRow,
  owner: UserRow | undefined,
  views: ProjectViewRow[],
  maxRight: Right | null,
): SerializedProject {
  return serializeProject(
    {
      id: savedFilterProjectId(row.id),
      title: row.title,
      description: row.description,
      identifier: '',
      hex_color: '',
      owner_id: row.owner_id,
      parent_project_id: 0,
      is_archived: false,
      background_file_id: null,
      background_blur_hash: '',
      position: defaultPosition(row.id),
      created: row.created,
      updated: row.updated,
    },
    { owner, views: views.map(serializeView), isFavorite: !!row.is_favorite, maxRight },
  );
}
