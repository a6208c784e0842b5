import { describe, expect, it } from 'vitest';
import type { ProjectView } from '../../api/views';
import { destinationAfterAuth, linkShareAccess, viewNamed } from './link-share-routes';

function view(id: number, viewKind: ProjectView['viewKind'], position: number): ProjectView {
  return {
    id,
    title: viewKind,
    projectId: 7,
    viewKind,
    filter: null,
    position,
    bucketConfigurationMode: 'manual',
    bucketConfiguration: null,
    defaultBucketId: 0,
    doneBucketId: 0,
    created: '',
    updated: '',
  };
}

describe('linkShareAccess', () => {
  it('lets the visitor into the shared project, its views, its info and tasks', () => {
    expect(linkShareAccess('/projects/7', 7)).toBe('allow');
    expect(linkShareAccess('/projects/7/31', 7)).toBe('allow');
    expect(linkShareAccess('/projects/7/31/', 7)).toBe('allow');
    expect(linkShareAccess('/projects/7/info', 7)).toBe('allow');
    expect(linkShareAccess('/tasks/12', 7)).toBe('allow');
  });

  it('sends the start page and the project list to the shared project', () => {
    expect(linkShareAccess('/', 7)).toBe('to-project');
    expect(linkShareAccess('/projects', 7)).toBe('to-project');
  });

  it('refuses other projects, settings and every other screen', () => {
    expect(linkShareAccess('/projects/8/1', 7)).toBe('refuse');
    expect(linkShareAccess('/projects/70', 7)).toBe('refuse');
    expect(linkShareAccess('/projects/7/settings/share', 7)).toBe('refuse');
    expect(linkShareAccess('/projects/7/new', 7)).toBe('refuse');
    expect(linkShareAccess('/teams', 7)).toBe('refuse');
    expect(linkShareAccess('/labels', 7)).toBe('refuse');
    expect(linkShareAccess('/user/settings/general', 7)).toBe('refuse');
  });
});

describe('viewNamed', () => {
  const views = [view(3, 'kanban', 300), view(1, 'list', 100), view(2, 'gantt', 200), view(4, 'list', 400)];

  it('finds a view by id or by kind (the first of that kind)', () => {
    expect(viewNamed(views, '2')?.id).toBe(2);
    expect(viewNamed(views, 'kanban')?.id).toBe(3);
    expect(viewNamed(views, 'list')?.id).toBe(1);
  });

  it('gives nothing for no query or an unknown view', () => {
    expect(viewNamed(views, null)).toBeNull();
    expect(viewNamed(views, 'calendar')).toBeNull();
    expect(viewNamed(views, '99')).toBeNull();
  });
});

describe('destinationAfterAuth', () => {
  const base = { projectId: 7, hash: 'abc', lastVisited: null, view: null };

  it('goes to the project with the share hash when nothing else is known', () => {
    expect(destinationAfterAuth(base)).toBe('/projects/7#share-auth-token=abc');
  });

  it('goes to the named view', () => {
    expect(destinationAfterAuth({ ...base, view: view(3, 'kanban', 1) })).toBe(
      '/projects/7/3#share-auth-token=abc',
    );
  });

  it('prefers the last visited route when the share reaches it, keeping its query', () => {
    expect(
      destinationAfterAuth({ ...base, lastVisited: '/projects/7/3?page=2', view: view(1, 'list', 1) }),
    ).toBe('/projects/7/3?page=2#share-auth-token=abc');
    expect(destinationAfterAuth({ ...base, lastVisited: '/tasks/5#share-auth-token=old' })).toBe(
      '/tasks/5#share-auth-token=abc',
    );
  });

  it('ignores a last visited route the share cannot reach', () => {
    expect(destinationAfterAuth({ ...base, lastVisited: '/user/settings/general' })).toBe(
      '/projects/7#share-auth-token=abc',
    );
    expect(destinationAfterAuth({ ...base, lastVisited: '/projects/8/1' })).toBe(
      '/projects/7#share-auth-token=abc',
    );
  });
});
