/**
 * Rights on projects (reference §4.11). A task's right is its project's right; views, buckets and
 * labels on tasks derive theirs from it. The server loads a project's ancestor chain and the grants
 * that apply, then asks `resolveProjectRight` — one rule, used everywhere.
 */
export const Right = { read: 0, write: 1, admin: 2 } as const;
export type Right = (typeof Right)[keyof typeof Right];

export function isRight(value: unknown): value is Right {
  return value === 0 || value === 1 || value === 2;
}

/** One level of a project's ancestry, nearest first (the project itself, then its parent, …). */
export interface ProjectLevel {
  projectId: number;
  ownerId: number;
}

/**
 * A grant the user holds on one project: a direct user share or a share to one of the user's
 * teams (a later issue adds both). Several grants on the same level combine to their maximum.
 */
export interface ProjectGrant {
  projectId: number;
  right: Right;
}

/**
 * The user's effective right on the first project of `chain`, or null for no access.
 * Owning the project or any ancestor gives admin. Otherwise the nearest level that carries any
 * grant decides, with the maximum of the grants on that level; grants further up are ignored.
 */
export function resolveProjectRight(
  chain: readonly ProjectLevel[],
  userId: number,
  grants: readonly ProjectGrant[] = [],
): Right | null {
  if (chain.some((level) => level.ownerId === userId)) return Right.admin;
  for (const level of chain) {
    const here = grants.filter((g) => g.projectId === level.projectId);
    if (here.length > 0) return here.reduce<Right>((max, g) => Math.max(max, g.right) as Right, Right.read);
  }
  return null;
}

export function hasRight(actual: Right | null, needed: Right): actual is Right {
  return actual !== null && actual >= needed;
}

/**
 * Link shares act as pseudo-users with negative ids (−share.id), so every service can pass one
 * id around; the resolver tells them apart by the sign.
 */
export function isLinkShareId(principalId: number): boolean {
  return principalId < 0;
}

/** A link share covers exactly its own project (not its children) with the share's right. */
export function resolveLinkShareRight(share: ProjectGrant, projectId: number): Right | null {
  return share.projectId === projectId ? share.right : null;
}
