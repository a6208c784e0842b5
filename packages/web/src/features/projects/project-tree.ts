/**
 * The project lists of the side navigation and the projects page (spec 2 §2 "Side navigation
 * projects"): favourites pseudo project, saved filters, non-archived roots, children by position.
 */
import { Right } from '@ordo/core';
import { FAVORITES_PROJECT_ID, type Project } from '../../api/projects';

export function byPosition(a: Project, b: Project): number {
  return a.position - b.position || a.id - b.id;
}

/** Saved filters come back as pseudo projects with ids below −1. */
export function isSavedFilter(project: Pick<Project, 'id'>): boolean {
  return project.id < FAVORITES_PROJECT_ID;
}

/**
 * A root is a real project at the top level, or one whose parent the user cannot see (a shared
 * sub-project would otherwise be unreachable).
 */
export function rootProjects(projects: readonly Project[]): Project[] {
  const visible = new Set(projects.map((p) => p.id));
  return projects
    .filter((p) => p.id > 0 && !p.isArchived && (p.parentProjectId === 0 || !visible.has(p.parentProjectId)))
    .sort(byPosition);
}

export function childProjects(
  projects: readonly Project[],
  parentId: number,
  withArchived = false,
): Project[] {
  return projects
    .filter((p) => p.parentProjectId === parentId && p.id > 0 && (withArchived || !p.isArchived))
    .sort(byPosition);
}

/** Favourite projects; the favourites pseudo project (−1) is in the list only when it has tasks. */
export function favoriteProjects(projects: readonly Project[]): Project[] {
  return projects.filter((p) => p.isFavorite && !p.isArchived).sort(byPosition);
}

export function savedFilterProjects(projects: readonly Project[]): Project[] {
  return projects.filter(isSavedFilter).sort(byPosition);
}

/** The ancestors of a project, root first (for breadcrumbs); stops at an unknown parent. */
export function projectAncestors(projects: readonly Project[], project: Project): Project[] {
  const byId = new Map(projects.map((p) => [p.id, p]));
  const chain: Project[] = [];
  let parent = byId.get(project.parentProjectId);
  while (parent && !chain.includes(parent)) {
    chain.unshift(parent);
    parent = byId.get(parent.parentProjectId);
  }
  return chain;
}

/** Handle, star and settings show only above read; handle and star also need a real project. */
export function canEditProject(project: Pick<Project, 'maxRight'>): boolean {
  return (project.maxRight ?? Right.read) > Right.read;
}

export function canDragProject(project: Pick<Project, 'id' | 'maxRight'>): boolean {
  return canEditProject(project) && project.id > 0;
}
