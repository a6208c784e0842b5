import { describe, expect, it } from 'vitest';
import { findProjectByName, projectIdOfPath, resolveQuickAddProject } from './project-lookup';

const projects = [
  { id: 1, title: 'Inbox', identifier: '', isArchived: false },
  { id: 2, title: 'Work', identifier: 'JOB', isArchived: false },
  { id: 3, title: 'job', identifier: 'OLD', isArchived: true },
  { id: 4, title: 'Garden', identifier: 'WORK', isArchived: false },
  { id: -1, title: 'Favorites', identifier: '', isArchived: false },
  { id: -2, title: 'Saved filter', identifier: '', isArchived: false },
];

function choose(name: string | null, givenProjectId: number | null, routeProjectId: number | null) {
  return resolveQuickAddProject({ projects, name, givenProjectId, routeProjectId });
}

describe('quick-add project lookup', () => {
  it('matches the exact title ignoring case before any identifier', () => {
    expect(findProjectByName(projects, 'work')?.id).toBe(2);
    expect(findProjectByName(projects, 'INBOX')?.id).toBe(1);
  });

  it('falls back to the identifier, ignoring case', () => {
    expect(findProjectByName(projects, 'garden')?.id).toBe(4);
    expect(findProjectByName(projects, 'old')?.id).toBe(3);
  });

  it('prefers an active project over an archived one with the same title', () => {
    // "job" is the archived project's title and the active project's identifier: titles come first,
    // but among titles an active project would win; here only the archived one has that title.
    expect(findProjectByName(projects, 'job')?.id).toBe(3);
    const twins = [
      { id: 7, title: 'Home', identifier: '', isArchived: true },
      { id: 8, title: 'home', identifier: '', isArchived: false },
    ];
    expect(findProjectByName(twins, 'HOME')?.id).toBe(8);
  });

  it('never picks favourites or saved filters, nor a partial title', () => {
    expect(findProjectByName(projects, 'Favorites')).toBeNull();
    expect(findProjectByName(projects, 'Saved filter')).toBeNull();
    expect(findProjectByName(projects, 'Wor')).toBeNull();
  });

  it('uses the named project, then the given id, then the route, else nothing', () => {
    expect(choose('Work', 4, 1)).toBe(2);
    expect(choose('Nowhere', 4, 1)).toBe(4);
    expect(choose(null, null, 1)).toBe(1);
    expect(choose(null, 0, 1)).toBe(1);
    expect(choose(null, -1, -2)).toBeNull();
    expect(choose('Nowhere', null, null)).toBeNull();
  });

  it('reads the project id of a route', () => {
    expect(projectIdOfPath('/projects/12/34')).toBe(12);
    expect(projectIdOfPath('/projects/12')).toBe(12);
    expect(projectIdOfPath('/projects/5/settings/edit')).toBe(5);
    expect(projectIdOfPath('/projects/-1/1')).toBe(-1);
    expect(projectIdOfPath('/projects')).toBeNull();
    expect(projectIdOfPath('/projects/new')).toBeNull();
    expect(projectIdOfPath('/tasks/3')).toBeNull();
  });
});
