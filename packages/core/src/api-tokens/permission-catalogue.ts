/**
 * The API-token permission catalogue (`GET /routes`, reference §2.15), built from the routes a
 * server actually registered, and the lookup a request's token is checked with: exact method and
 * registered route path.
 */
import {
  isResourceGroup,
  type PermissionName,
  routeGroup,
  routeStanding,
  type TokenRoute,
  type TokenRouteAccess,
  verbPermission,
} from './route-names.js';

/** group → permission → the route it grants (`{tasks: {read_all: {path, method}}}`). */
export type PermissionCatalogue = Record<string, Record<string, TokenRoute>>;

/** Entries that are not routes of the JSON API: CalDAV and the notification feed. */
const FIXED_ENTRIES: PermissionCatalogue = {
  caldav: { access: { path: '/dav/*', method: 'ANY' } },
  feeds: { access: { path: '/feeds/*', method: 'ANY' } },
};

const routeKey = (method: string, path: string) => `${method} ${path}`;

export class PermissionRegistry {
  readonly catalogue: PermissionCatalogue;
  readonly #names = new Map<string, PermissionName>();
  readonly #standing = new Map<string, 'never' | 'anyToken'>();
  readonly #putPaths: ReadonlySet<string>;

  /** `routes` in the order the server registered them (the first route of a name is listed). */
  constructor(routes: readonly TokenRoute[]) {
    this.catalogue = Object.fromEntries(
      Object.entries(FIXED_ENTRIES).map(([group, entries]) => [group, { ...entries }]),
    );
    // A POST registered beside a PUT on the same path is the create the web client posts (Vikunja
    // creates with PUT): it is the same permission, not an update.
    this.#putPaths = new Set(routes.filter((r) => r.method === 'PUT').map((r) => r.path));
    for (const route of routes) {
      if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      const standing = routeStanding(route.path);
      if (standing !== 'catalogue') {
        this.#standing.set(routeKey(route.method, route.path), standing);
        continue;
      }
      const name = this.#nameOf(this.#effectiveMethod(route), route);
      if (!name) continue;
      this.#names.set(routeKey(route.method, route.path), name);
      const group = this.catalogue[name.group] ?? {};
      group[name.permission] ??= { path: route.path, method: route.method };
      this.catalogue[name.group] = group;
    }
  }

  /** Where a request's registered route stands; HEAD is checked as the GET it mirrors. */
  access(method: string, path: string): TokenRouteAccess {
    const key = routeKey(method === 'HEAD' ? 'GET' : method, path);
    const name = this.#names.get(key);
    if (name) return { kind: 'grantable', name };
    return { kind: this.#standing.get(key) === 'anyToken' ? 'anyToken' : 'never' };
  }

  /** The first permission a token names that the catalogue does not have, or null. */
  invalidPermission(permissions: Readonly<Record<string, readonly string[]>>): PermissionName | null {
    for (const [group, names] of Object.entries(permissions)) {
      const known = Object.hasOwn(this.catalogue, group) ? this.catalogue[group] : undefined;
      for (const permission of names) {
        if (!known || !Object.hasOwn(known, permission)) return { group, permission };
      }
    }
    return null;
  }

  #nameOf(method: string, route: TokenRoute): PermissionName | null {
    const { group, parts } = routeGroup(route.path);
    // Posting to the notification list itself marks every notification read.
    if (group === 'notifications' && method === 'POST' && !route.path.split('/').at(-1)?.startsWith(':')) {
      return { group, permission: 'mark_all_as_read' };
    }
    if (isResourceGroup(group, parts)) {
      const verb = verbPermission(method, route.path);
      if (!verb) return null;
      if (group.endsWith('_bulk'))
        return { group: group.slice(0, -'_bulk'.length), permission: `${verb}_bulk` };
      return { group, permission: verb };
    }
    // Anything else is filed under its first path part (or `other` for a one-part path), named
    // by the rest of its path; a second verb on the same name gets the verb appended.
    const [head, ...rest] = parts.length === 1 ? ['other', group] : parts;
    const base = rest.join('_');
    const taken = this.catalogue[head as string]?.[base];
    const same = taken && taken.path === route.path && this.#effectiveMethod(taken) === method;
    const permission = taken && !same ? `${base}_${method.toLowerCase()}` : base;
    return { group: head as string, permission };
  }

  /** The verb a route is named by: the create alias POST counts as the PUT beside it. */
  #effectiveMethod(route: TokenRoute): string {
    return route.method === 'POST' && this.#putPaths.has(route.path) ? 'PUT' : route.method;
  }
}

/** Does a token's permissions grant this catalogue entry? */
export function grantsPermission(
  permissions: Readonly<Record<string, readonly string[]>>,
  name: PermissionName,
): boolean {
  return (
    Object.hasOwn(permissions, name.group) && (permissions[name.group]?.includes(name.permission) ?? false)
  );
}
