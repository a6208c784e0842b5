/**
 * Loads a project and checks the caller's right on it in the order the generic handler does:
 * a missing project answers its 404 first, then no read access answers 403, then a write into an
 * archived project answers 3008 (even for read-only callers), then too low a right answers 403.
 */
import { Right } from '@ordo/core';
import type { ProjectRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
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
  ) {}

  async demand(userId: number, projectId: number, needed: Right): Promise<ProjectWithRight> {
    const project = await this.projects.find(projectId);
    if (!project) throw fail('projectDoesNotExist');
    const right = await this.rights.projectRight(userId, projectId);
    if (right === null) throw fail(needed === Right.read ? 'forbiddenRead' : 'forbidden');
    if (needed > Right.read && project.is_archived) throw fail('projectIsArchived');
    demandRight(right, needed);
    return { project, right };
  }
}
