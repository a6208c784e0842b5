/** The permissions ticked in the create form: group → chosen permission names. */
import type { PermissionCatalogue, TokenPermissions } from '../../../api/api-tokens';

/** Groups a server lists for compatibility but does not serve: no point in granting them. */
const UNSERVED_GROUPS: ReadonlySet<string> = new Set(['feeds']);

/** The groups to offer, sorted by name; CalDAV only where the server has it. */
export function offeredGroups(catalogue: PermissionCatalogue, caldavEnabled: boolean): string[] {
  return Object.keys(catalogue)
    .filter((group) => !UNSERVED_GROUPS.has(group) && (caldavEnabled || group !== 'caldav'))
    .sort();
}

export function permissionsOf(catalogue: PermissionCatalogue, group: string): string[] {
  return Object.keys(catalogue[group] ?? {}).sort();
}

export function toggle(selection: TokenPermissions, group: string, permission: string): TokenPermissions {
  const current = selection[group] ?? [];
  const next = current.includes(permission)
    ? current.filter((p) => p !== permission)
    : [...current, permission];
  return withGroup(selection, group, next);
}

/** Ticks every permission of the group, or none when all were ticked. */
export function toggleGroup(selection: TokenPermissions, group: string, all: string[]): TokenPermissions {
  const everything = all.every((p) => selection[group]?.includes(p));
  return withGroup(selection, group, everything ? [] : [...all]);
}

/** Ticks everything offered, or nothing when everything was ticked. */
export function toggleAll(
  selection: TokenPermissions,
  catalogue: PermissionCatalogue,
  groups: string[],
): TokenPermissions {
  if (allSelected(selection, catalogue, groups)) return {};
  return Object.fromEntries(groups.map((group) => [group, permissionsOf(catalogue, group)]));
}

export function allSelected(
  selection: TokenPermissions,
  catalogue: PermissionCatalogue,
  groups: string[],
): boolean {
  return (
    groups.length > 0 &&
    groups.every((g) => permissionsOf(catalogue, g).every((p) => selection[g]?.includes(p)))
  );
}

export function selectedCount(selection: TokenPermissions): number {
  return Object.values(selection).reduce((n, names) => n + names.length, 0);
}

function withGroup(selection: TokenPermissions, group: string, names: string[]): TokenPermissions {
  const { [group]: _dropped, ...rest } = selection;
  return names.length > 0 ? { ...rest, [group]: names } : rest;
}
