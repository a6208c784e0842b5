/**
 * How an API route is named in the API-token permission catalogue (reference §2.15): the group
 * comes from the path, the permission from the verb (for resource routes) or from the rest of the
 * path (for everything else). Pure naming, no registry: see permission-catalogue.ts for that.
 */

/** A route as the server registered it: `GET /api/v1/tasks/:id`. */
export interface TokenRoute {
  method: string;
  path: string;
}

/** One entry of the catalogue, as a token's `permissions` names it: `{tasks: ['read_one']}`. */
export interface PermissionName {
  group: string;
  permission: string;
}

/** Where a route stands for API tokens. */
export type TokenRouteAccess =
  | { kind: 'grantable'; name: PermissionName }
  /** Reachable with any valid token, whatever it grants (`/token/test`). */
  | { kind: 'anyToken' }
  /** Never reachable with an API token (`/user*`, `/tokens`, `/subscriptions*`, …). */
  | { kind: 'never' };

const VERSION_PREFIX = /^\/api\/v\d+\//;

/**
 * Groups whose routes are the generic create/read/update/delete of a resource, so their
 * permissions are named after the verb. Other routes are named after their path.
 */
const RESOURCE_GROUPS: ReadonlySet<string> = new Set([
  'projects',
  'tasks',
  'labels',
  'teams',
  'filters',
  'notifications',
  'webhooks',
  'reactions',
  'shares',
  'buckets',
  'views',
  'assignees',
  'comments',
  'relations',
  'attachments',
  'projects_views',
  'projects_views_buckets',
  'projects_views_tasks',
  'projects_shares',
  'projects_teams',
  'projects_users',
  'projects_webhooks',
  'projects_buckets',
  'tasks_assignees',
  'tasks_labels',
  'tasks_comments',
  'tasks_relations',
  'tasks_attachments',
  'teams_members',
]);

/** Path groups that answer any valid token: checking a token must work whatever it grants. */
const ANY_TOKEN_GROUPS: ReadonlySet<string> = new Set(['token_test', 'tokenTest']);

/**
 * Account, token and subscription management and the OAuth consent stay with the signed-in user:
 * a leaked API token must not be able to mint more tokens or take over the account.
 */
const NEVER_FIRST_PARTS: ReadonlySet<string> = new Set(['user', 'tokens', 'subscriptions']);
const NEVER_GROUPS: ReadonlySet<string> = new Set(['oauth_authorize']);

/**
 * The path's name parts: the version prefix and `:params` removed, `-` turned into `_`
 * (`/api/v1/projects/:id/views/:view/tasks` → `projects`, `views`, `tasks`).
 */
export function routeNameParts(path: string): string[] {
  return path
    .replace(VERSION_PREFIX, '')
    .split('/')
    .filter((part) => part !== '' && part !== '*' && !part.startsWith(':'))
    .map((part) => part.replace(/-/g, '_'));
}

/**
 * The group a path belongs to. The task lists of a project and of all projects are both the
 * tasks group's `read_all`, as in Vikunja.
 */
export function routeGroup(path: string): { group: string; parts: string[] } {
  const parts = routeNameParts(path);
  const group = parts.join('_');
  if (group === 'projects_tasks' || group === 'tasks_all') return { group: 'tasks', parts: ['tasks'] };
  return { group, parts };
}

/** Is this group a resource whose permissions are named after the verb? */
export function isResourceGroup(group: string, parts: readonly string[]): boolean {
  if (RESOURCE_GROUPS.has(group)) return true;
  if (group.endsWith('_bulk') && RESOURCE_GROUPS.has(group.slice(0, -'_bulk'.length))) return true;
  return parts.length === 1 && RESOURCE_GROUPS.has(parts[0] as string);
}

/**
 * The permission a verb stands for on a resource route (API v1: PUT creates, POST updates).
 * Null for verbs that are no permission of their own (HEAD follows GET, OPTIONS is CORS).
 */
export function verbPermission(method: string, path: string): string | null {
  const last = path.split('/').at(-1) ?? '';
  switch (method) {
    case 'GET':
      return last.startsWith(':') ? 'read_one' : 'read_all';
    case 'PUT':
      return 'create';
    case 'POST':
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      return null;
  }
}

/** Whether a path can ever be granted, is open to any token, or is left to the catalogue. */
export function routeStanding(path: string): 'never' | 'anyToken' | 'catalogue' {
  const { group, parts } = routeGroup(path);
  if (ANY_TOKEN_GROUPS.has(group)) return 'anyToken';
  if (parts.length === 0 || NEVER_FIRST_PARTS.has(parts[0] as string) || NEVER_GROUPS.has(group)) {
    return 'never';
  }
  return 'catalogue';
}
