/**
 * Duplicating a project (reference §2.4): the copy gets " - duplicate" in its title, no
 * identifier, the source's views, buckets, tasks (with positions, buckets, labels, assignees,
 * reminders, the relations among them, and attachments with their own copy of the bytes and the
 * cover images pointing at them), and the duplicator as its owner, so the duplicator has admin on
 * it, and its own copy of the background image. Comments stay with the original.
 */
import { randomUUID } from 'node:crypto';
import { defaultPosition, Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, ProjectRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { AttachmentCopier } from '../attachments/copy.js';
import type { FileStore } from '../attachments/files/store.js';
import type { NotificationEvents } from '../notifications/events.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import type { ProjectAccess } from '../rights/project-access.js';
import { ProjectContentRepo } from './project-content-repo.js';
import type { ProjectsRepo } from './repo.js';
import type { SerializedProject } from './serialize.js';
import type { ProjectsService } from './service.js';

/** Copies a project's background file for its duplicate (the backgrounds module). */
export interface BackgroundCopier {
  copy(trx: Kysely<Database>, source: ProjectRow, copyId: number, userId: number): Promise<void>;
}

export class ProjectDuplicateService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: ProjectsRepo,
    private readonly access: ProjectAccess,
    private readonly service: ProjectsService,
    private readonly backgrounds: BackgroundCopier | null,
    private readonly files: FileStore,
    private readonly events: NotificationEvents,
  ) {}

  async duplicate(userId: number, projectId: number, parentId = 0): Promise<SerializedProject> {
    if (projectId < 0) throw fail('projectDoesNotExist');
    const { project } = await this.access.demand(userId, projectId, Right.read);
    if (parentId < 0) throw fail('projectPseudoParent');
    if (parentId > 0) await this.access.demand(userId, parentId, Right.write);

    const attachments = new AttachmentCopier(this.files);
    const newId = await this.db
      .transaction()
      .execute(async (trx) => {
        const repo = this.projects.with(trx);
        const copy = await repo.insert({
          title: `${project.title} - duplicate`,
          description: sanitizeRichText(project.description),
          identifier: '',
          hex_color: project.hex_color,
          owner_id: userId,
          parent_project_id: parentId,
          position: 0,
        });
        await repo.update(copy.id, { position: defaultPosition(copy.id) });
        const content = new ProjectContentRepo(trx);
        const taskMap = await content.write(await content.read(project.id), copy.id, {
          userId,
          newUid: randomUUID,
        });
        await content.pointCovers(taskMap, await attachments.copy(trx, taskMap));
        await this.backgrounds?.copy(trx, project, copy.id, userId);
        return copy.id;
      })
      .catch(async (error: unknown) => {
        // The rows rolled back; bytes already copied must not stay behind.
        await attachments.discard();
        throw error;
      });
    await this.events.projectCreated(userId, newId);
    return (await this.service.read(userId, newId)).project;
  }
}
