import { describe, expect, it } from 'vitest';
import { grantsPermission, PermissionRegistry } from './permission-catalogue.js';
import { routeGroup, routeStanding } from './route-names.js';

const r = (method: string, path: string) => ({ method, path: `/api/v1${path}` });

const routes = [
  r('GET', '/tasks/all'),
  r('GET', '/tasks'),
  r('HEAD', '/tasks'),
  r('GET', '/tasks/:id'),
  r('POST', '/tasks/:id'),
  r('DELETE', '/tasks/:id'),
  r('POST', '/tasks/bulk'),
  r('PUT', '/tasks/:id/duplicate'),
  r('GET', '/projects/:id/tasks'),
  r('PUT', '/projects/:id/tasks'),
  r('POST', '/projects/:id/tasks'),
  r('GET', '/projects'),
  r('PUT', '/projects'),
  r('GET', '/projects/:id/background'),
  r('DELETE', '/projects/:id/background'),
  r('GET', '/projects/:id/views/:view/buckets'),
  r('POST', '/projects/:id/views/:view/buckets/:bucket'),
  r('POST', '/tasks/:id/labels/bulk'),
  r('PUT', '/filters'),
  r('POST', '/filters'),
  r('POST', '/filters/:id'),
  r('POST', '/notifications'),
  r('GET', '/notifications'),
  r('POST', '/teams/:id/members/:username/admin'),
  r('GET', '/time-entries'),
  r('GET', '/routes'),
  r('GET', '/user'),
  r('POST', '/user/settings/general'),
  r('GET', '/tokens'),
  r('PUT', '/tokens'),
  r('DELETE', '/tokens/:token'),
  r('GET', '/token/test'),
  r('POST', '/tokenTest'),
  r('GET', '/subscriptions/:entity/:id'),
  r('POST', '/oauth/authorize'),
];

describe('routeGroup', () => {
  it('drops the version prefix and params, joins parts with _ and turns - into _', () => {
    expect(routeGroup('/api/v1/projects/:id/views/:view/tasks').group).toBe('projects_views_tasks');
    expect(routeGroup('/api/v1/time-entries/:id').group).toBe('time_entries');
  });

  it('files the project task list and the all-tasks list under tasks', () => {
    expect(routeGroup('/api/v1/projects/:id/tasks').group).toBe('tasks');
    expect(routeGroup('/api/v1/tasks/all').group).toBe('tasks');
  });
});

describe('routeStanding', () => {
  it('never grants the account, token, subscription and consent routes', () => {
    for (const path of [
      '/user',
      '/user/settings/general',
      '/tokens',
      '/tokens/:token',
      '/subscriptions/:a/:b',
      '/oauth/authorize',
    ]) {
      expect(routeStanding(`/api/v1${path}`), path).toBe('never');
    }
  });

  it('lets any token check itself', () => {
    expect(routeStanding('/api/v1/token/test')).toBe('anyToken');
    expect(routeStanding('/api/v1/tokenTest')).toBe('anyToken');
  });

  it('leaves other routes to the catalogue, /users included', () => {
    expect(routeStanding('/api/v1/users')).toBe('catalogue');
  });
});

describe('PermissionRegistry', () => {
  const registry = new PermissionRegistry(routes);
  const { catalogue } = registry;

  it('names resource permissions by verb and path end', () => {
    expect(catalogue.tasks).toMatchObject({
      read_all: { method: 'GET', path: '/api/v1/tasks/all' },
      read_one: { method: 'GET', path: '/api/v1/tasks/:id' },
      update: { method: 'POST', path: '/api/v1/tasks/:id' },
      delete: { method: 'DELETE', path: '/api/v1/tasks/:id' },
      create: { method: 'PUT', path: '/api/v1/projects/:id/tasks' },
      update_bulk: { method: 'POST', path: '/api/v1/tasks/bulk' },
      duplicate: { method: 'PUT', path: '/api/v1/tasks/:id/duplicate' },
    });
    expect(catalogue.projects_views_buckets).toEqual({
      read_all: { method: 'GET', path: '/api/v1/projects/:id/views/:view/buckets' },
      update: { method: 'POST', path: '/api/v1/projects/:id/views/:view/buckets/:bucket' },
    });
    expect(catalogue.tasks_labels).toEqual({
      update_bulk: { method: 'POST', path: '/api/v1/tasks/:id/labels/bulk' },
    });
  });

  it('files other routes under their first part, or under other, and adds the verb on a clash', () => {
    expect(catalogue.projects?.background).toEqual({
      method: 'GET',
      path: '/api/v1/projects/:id/background',
    });
    expect(catalogue.projects?.background_delete).toEqual({
      method: 'DELETE',
      path: '/api/v1/projects/:id/background',
    });
    expect(catalogue.teams?.members_admin?.method).toBe('POST');
    expect(catalogue.other?.time_entries).toEqual({ method: 'GET', path: '/api/v1/time-entries' });
    expect(catalogue.other?.routes).toEqual({ method: 'GET', path: '/api/v1/routes' });
  });

  it('has the fixed entries and mark_all_as_read', () => {
    expect(catalogue.caldav).toEqual({ access: { path: '/dav/*', method: 'ANY' } });
    expect(catalogue.feeds).toEqual({ access: { path: '/feeds/*', method: 'ANY' } });
    expect(catalogue.notifications?.mark_all_as_read).toEqual({
      method: 'POST',
      path: '/api/v1/notifications',
    });
    expect(catalogue.notifications?.read_all?.method).toBe('GET');
  });

  it('leaves out what is never grantable', () => {
    expect(Object.keys(catalogue)).not.toContain('user');
    expect(Object.keys(catalogue)).not.toContain('tokens');
    expect(Object.keys(catalogue)).not.toContain('subscriptions');
    expect(Object.keys(catalogue)).not.toContain('token_test');
    expect(Object.keys(catalogue).some((g) => g.startsWith('user') || g.startsWith('oauth'))).toBe(false);
    expect(Object.keys(catalogue.other ?? {})).not.toContain('user');
  });

  it('checks a request by exact method and registered path', () => {
    expect(registry.access('GET', '/api/v1/tasks/:id')).toEqual({
      kind: 'grantable',
      name: { group: 'tasks', permission: 'read_one' },
    });
    expect(registry.access('HEAD', '/api/v1/tasks')).toEqual({
      kind: 'grantable',
      name: { group: 'tasks', permission: 'read_all' },
    });
    // Every list of tasks is tasks.read_all.
    for (const path of ['/tasks', '/tasks/all', '/projects/:id/tasks']) {
      expect(registry.access('GET', `/api/v1${path}`)).toMatchObject({ name: { permission: 'read_all' } });
    }
    expect(registry.access('PATCH', '/api/v1/tasks/:id')).toEqual({ kind: 'never' });
    expect(registry.access('GET', '/api/v1/user')).toEqual({ kind: 'never' });
    expect(registry.access('GET', '/api/v1/token/test')).toEqual({ kind: 'anyToken' });
    expect(registry.access('GET', '/api/v1/nowhere')).toEqual({ kind: 'never' });
  });

  it('treats a POST beside a PUT on the same path as that create, not as an update', () => {
    expect(registry.access('POST', '/api/v1/filters')).toEqual({
      kind: 'grantable',
      name: { group: 'filters', permission: 'create' },
    });
    expect(registry.access('POST', '/api/v1/projects/:id/tasks')).toMatchObject({
      name: { permission: 'create' },
    });
    expect(catalogue.filters?.create).toEqual({ method: 'PUT', path: '/api/v1/filters' });
    expect(catalogue.filters?.update).toEqual({ method: 'POST', path: '/api/v1/filters/:id' });
  });

  it('names the first invalid permission of a token', () => {
    expect(registry.invalidPermission({ tasks: ['read_all', 'update'] })).toBeNull();
    expect(registry.invalidPermission({ tasks: ['read_all', 'fly'] })).toEqual({
      group: 'tasks',
      permission: 'fly',
    });
    expect(registry.invalidPermission({ user: ['read_all'] })).toEqual({
      group: 'user',
      permission: 'read_all',
    });
    expect(registry.invalidPermission({ toString: ['read_all'] })).toEqual({
      group: 'toString',
      permission: 'read_all',
    });
  });
});

describe('grantsPermission', () => {
  it('grants exactly the named permissions', () => {
    const permissions = { tasks: ['read_all'] };
    expect(grantsPermission(permissions, { group: 'tasks', permission: 'read_all' })).toBe(true);
    expect(grantsPermission(permissions, { group: 'tasks', permission: 'read_one' })).toBe(false);
    expect(grantsPermission(permissions, { group: 'projects', permission: 'read_all' })).toBe(false);
    expect(grantsPermission(permissions, { group: 'constructor', permission: 'read_all' })).toBe(false);
  });
});
