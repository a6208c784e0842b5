/**
 * The one place that decides a user's right on a project (reference §4.11). Everything else —
 * tasks, views, buckets, labels on tasks — asks this resolver for the project's right.
 *
 * Rights come from ownership (of the project or an ancestor) and from `ProjectGrantSource`s (user
 * and team shares, see modules/sharing): each answers which grants a user holds on given projects
 * and which projects it makes visible, and the resolver combines them. A negative principal id is
 * a link share: it holds its share's right on its own project and nothing else.
 */
import {
  hasRight,
  isLinkShareId,
  type ProjectGrant,
  Right,
  resolveLinkShareRight,
  resolveProjectRight,
} from '@ordo/core';
import type { Expression } from 'kysely';
import { fail } from '../../http/api-error.js';
import type { RightsRepo } from './repo.js';

export interface ProjectGrantSource {
  /** Grants the user holds directly on any of these projects. */
  grantsOn(userId: number, projectIds: readonly number[]): Promise<ProjectGrant[]>;
  /** A sub-query selecting ids of projects the user holds a grant on. */
  grantedProjectIds(userId: number): Expression<unknown>;
  /** A sub-query selecting (project_id, user_id): who holds a grant on the projects given. */
  granteesOn(projectIds: Expression<unknown>): Expression<unknown>;
}

export class RightsService {
  constructor(
    private readonly repo: RightsRepo,
    /** Grants held through other modules (shares with users, teams and links). */
    private readonly sources: readonly ProjectGrantSource[],
  ) {}

  /** The user's right on the project, or null for no access (or no such project). */
  async projectRight(userId: number, projectId: number): Promise<Right | null> {
    return (await this.projectRights(userId, [projectId])).get(projectId) ?? null;
  }

  /** Rights on many projects at once: one chain query plus one query per grant source. */
  async projectRights(userId: number, projectIds: readonly number[]): Promise<Map<number, Right | null>> {
    if (isLinkShareId(userId)) return this.linkShareRights(-userId, projectIds);
    const chains = await this.repo.chains(projectIds);
    // Owning a project or one above it is admin whatever else is granted: only the rest need grants.
    const allIds = [
      ...new Set(
        [...chains.values()]
          .filter((chain) => !chain.some((level) => level.ownerId === userId))
          .flat()
          .map((level) => level.projectId),
      ),
    ];
    const grants =
      allIds.length === 0
        ? []
        : (await Promise.all(this.sources.map((s) => s.grantsOn(userId, allIds)))).flat();
    const rights = new Map<number, Right | null>();
    for (const id of projectIds) {
      const chain = chains.get(id);
      rights.set(id, chain ? resolveProjectRight(chain, userId, grants) : null);
    }
    return rights;
  }

  /** A sub-query of every project id the user can see (owned, granted, and their descendants). */
  visibleProjectIds(userId: number) {
    if (isLinkShareId(userId)) return this.repo.linkShareProjectIds(-userId);
    return this.repo.visibleProjectIds(
      userId,
      this.sources.map((s) => s.grantedProjectIds(userId)),
    );
  }

  /**
   * A sub-query selecting (project_id, user_id): every user who can read each project that
   * `projectIds` selects, through ownership or a grant on it or an ancestor. Link shares are no
   * users and are never in it.
   */
  readersOf(projectIds: Expression<unknown>) {
    return this.repo.readersOf(projectIds, (ids) => this.sources.map((s) => s.granteesOn(ids)));
  }

  private async linkShareRights(
    shareId: number,
    projectIds: readonly number[],
  ): Promise<Map<number, Right | null>> {
    const share = await this.repo.linkShareGrant(shareId);
    return new Map(projectIds.map((id) => [id, share ? resolveLinkShareRight(share, id) : null]));
  }
}

/**
 * Throws the generic handler's 403 unless `right` reaches `needed`: reads answer
 * "You don't have the right to see this", writes answer "Forbidden".
 */
export function demandRight(right: Right | null, needed: Right): asserts right is Right {
  if (!hasRight(right, needed)) throw fail(needed === Right.read ? 'forbiddenRead' : 'forbidden');
}
