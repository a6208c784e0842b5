/**
 * A project's display title (spec 2 §2 "Project header"): the favourites pseudo project and a
 * project titled Inbox get translated titles.
 */
import type { TFunction } from 'i18next';
import { FAVORITES_PROJECT_ID, type Project } from '../../api/projects';

export function projectTitle(project: Pick<Project, 'id' | 'title'>, t: TFunction): string {
  if (project.id === FAVORITES_PROJECT_ID) return t('projects.favorites');
  if (project.title === 'Inbox') return t('projects.inbox');
  return project.title;
}
