/** Reading a token's `permissions` from a request body: `{group: [permission, …]}`. */
import { invalidModel } from '../input/fields.js';

export type TokenPermissions = Record<string, string[]>;

/**
 * The permissions as given, without groups that list nothing; 400/2004 when the value is not an
 * object of string lists (it cannot be bound, as Vikunja's binder says).
 */
export function readPermissions(value: unknown): TokenPermissions {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidModel('permissions must map each group to a list of permission names');
  }
  const permissions: TokenPermissions = {};
  for (const [group, names] of Object.entries(value)) {
    if (!Array.isArray(names) || names.some((name) => typeof name !== 'string')) {
      throw invalidModel(`permissions of group ${group} must be a list of permission names`);
    }
    if (names.length > 0) permissions[group] = [...new Set(names as string[])];
  }
  return permissions;
}

/** Stored JSON text → permissions; a row that cannot be read grants nothing. */
export function parseStoredPermissions(text: string): TokenPermissions {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as TokenPermissions) : {};
  } catch {
    return {};
  }
}
