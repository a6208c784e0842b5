/**
 * The project check every sharing endpoint starts with: a missing project answers 3001, no access
 * answers 403 (`noAccess`), too low a right answers 403 Forbidden. Unlike task writes, sharing an
 * archived project is allowed: archiving freezes the content, not who may see it.
 */
import { type ErrorKey, hasRight, Right } from '@ordo/core';
import type { ProjectRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { ProjectsRepo } from '../projects/repo.js';
import type { RightsService } from '../rights/service.js';

export class SharingAccess {
  constructor(
    private readonly projects: ProjectsRepo,
    private readonly rights: RightsService,
  ) {}

  async demand(
    principalId: number,
    projectId: number,
    needed: Right,
    noAccess: ErrorKey = needed === Right.read ? 'forbiddenRead' : 'forbidden',
  ): Promise<{ project: ProjectRow; right: Right }> {
    const project = projectId > 0 ? await this.projects.find(projectId) : undefined;
    if (!project) throw fail('projectDoesNotExist');
    const right = await this.rights.projectRight(principalId, projectId);
    if (right === null) throw fail(noAccess);
    if (!hasRight(right, needed)) throw fail('forbidden');
    return { project, right };
  }
}

/** A share right from a request body: 0, 1 or 2 (default read), otherwise 9001. */
export function readShareRight(value: unknown): Right {
  if (value === undefined || value === null) return Right.read;
  if (value === 0 || value === 1 || value === 2) return value;
  throw fail('invalidRight');
}
