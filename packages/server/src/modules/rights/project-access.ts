/**
 * Loads a project and checks the caller's right on it in the order the generic handler does:
 * a missing project answers its 404 first, then no read access answers 403, then a write into an
 * archived project answers 3008 (even for read-only callers), then too low a right answers 403.
 */
import { type ErrorKey, Right } from '@ordo/core';
import { type ReadTogether, readOneByOne } from '../../db/read-batch.js';
import type { ProjectRow } from '../../db/schema.js';
import { ApiError, fail } from '../../http/api-error.js';
import type { ProjectsRepo } from '../projects/repo.js';
import { demandRight, type RightsService } from './service.js';

export interface ProjectWithRight {
  project: ProjectRow;
  right: Right;
}

export class ProjectAccess {
  constructor(
    private readonly projects: ProjectsRepo,
    private readonly rights: RightsService,
    private readonly readTogether: ReadTogether = readOneByOne,
  ) {}

  /**
   * The project and the caller's right on it are read at once (PostgreSQL: one round trip for
   * both); the answers are checked in the order above.
   */
  async demand(
    userId: number,
    projectId: number,
    needed: Right,
    /** The refusal when the caller has no right at all, where Vikunja answers another than the usual. */
    noAccess: ErrorKey = needed === Right.read ? 'forbiddenRead' : 'forbidden',
  ): Promise<ProjectWithRight> {
    const [project, right] = await this.readTogether(() =>
      Promise.all([this.projects.find(projectId), this.rights.projectRight(userId, projectId)]),
    );
    if (!project) throw fail('projectDoesNotExist');
    if (right === null) throw fail(noAccess);
    if (needed > Right.read && project.is_archived) throw fail('projectIsArchived');
    demandRight(right, needed);
    return { project, right };
  }

  /**
   * A project named in a path by its id (all digits) or its identifier, ignoring case. An
   * identifier names only a project the caller can read (identifiers are unique per owner, so
   * two owners may use the same one); none answers Vikunja's 404, so a project the caller cannot
   * see stays unseen.
   */
  async resolve(userId: number, ref: string): Promise<number> {
    if (/^\d+$/.test(ref)) return Number(ref);
    for (const id of await this.projects.idsWithIdentifier(ref)) {
      if ((await this.rights.projectRight(userId, id)) !== null) return id;
    }
    throw new ApiError(404, undefined, 'Project not found');
  }
}
