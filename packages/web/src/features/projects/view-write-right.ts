/**
 * Whether a project's views let the user change things: tick tasks done, move cards and buckets,
 * drag dates. Each task's own project still decides on the server; a refused change is rolled back.
 */
import { Right } from '@ordo/core';
import { FAVORITES_PROJECT_ID, type Project } from '../../api/projects';
import { isSavedFilter } from './project-tree';

export function canWriteInViews(project: Pick<Project, 'id' | 'isArchived' | 'maxRight'>): boolean {
  // Favourite tasks live in real projects the user can write to (archived ones are left out).
  if (project.id === FAVORITES_PROJECT_ID) return true;
  if (project.isArchived || (project.id <= 0 && !isSavedFilter(project))) return false;
  // A saved filter's owner holds it as admin (`max_right`), so its board and lists are theirs to
  // rearrange, as the server allows.
  return (project.maxRight ?? Right.read) >= Right.write;
}
