import { describe, expect, it } from 'vitest';
import type { Project } from '../../api/projects';
import {
  canDragProject,
  canEditProject,
  childProjects,
  favoriteProjects,
  projectAncestors,
  rootProjects,
  savedFilterProjects,
} from './project-tree';

function project(id: number, fields: Partial<Project> = {}): Project {
  return {
    id,
    title: `P${id}`,
    description: '',
    identifier: '',
    hexColor: '',
    parentProjectId: 0,
    owner: null,
    isArchived: false,
    isFavorite: false,
    position: id * 65536,
    backgroundInformation: null,
    backgroundBlurHash: '',
    views: [],
    maxRight: 2,
    created: '',
    updated: '',
    ...fields,
  };
}

describe('project tree', () => {
  const projects = [
    project(-1, { isFavorite: true, position: -1, maxRight: 0 }),
    project(-2, { title: 'Saved filter' }),
    project(3, { position: 10 }),
    project(1, { position: 20 }),
    project(2, { isArchived: true }),
    project(4, { parentProjectId: 1, position: 5 }),
    project(5, { parentProjectId: 1, position: 1 }),
    project(6, { parentProjectId: 1, isArchived: true }),
    project(7, { parentProjectId: 99, isFavorite: true }),
  ];

  it('lists non-archived roots by position, including shared children whose parent is hidden', () => {
    expect(rootProjects(projects).map((p) => p.id)).toEqual([3, 1, 7]);
  });

  it('lists non-archived children by position', () => {
    expect(childProjects(projects, 1).map((p) => p.id)).toEqual([5, 4]);
    expect(childProjects(projects, 1, true).map((p) => p.id)).toEqual([5, 4, 6]);
  });

  it('separates favourites and saved filters', () => {
    expect(favoriteProjects(projects).map((p) => p.id)).toEqual([-1, 7]);
    expect(savedFilterProjects(projects).map((p) => p.id)).toEqual([-2]);
  });

  it('finds the ancestors root first', () => {
    const deep = project(8, { parentProjectId: 4 });
    expect(projectAncestors([...projects, deep], deep).map((p) => p.id)).toEqual([1, 4]);
  });

  it('allows editing above read and dragging only real projects', () => {
    expect(canEditProject({ maxRight: 0 })).toBe(false);
    expect(canEditProject({ maxRight: 1 })).toBe(true);
    expect(canDragProject({ id: -2, maxRight: 2 })).toBe(false);
    expect(canDragProject({ id: 4, maxRight: 1 })).toBe(true);
  });
});
