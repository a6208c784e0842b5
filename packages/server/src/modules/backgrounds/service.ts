/**
 * Project backgrounds (reference §2.4, §4.12): reading the image needs read on the project (a link
 * share reaches only its own project), uploading and removing need write. The stored file is
 * replaced on each upload, copied when the project is duplicated and removed with the project.
 */
import { Readable } from 'node:stream';
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, ProjectRow } from '../../db/schema.js';
import { fail, httpError } from '../../http/api-error.js';
import { storedFileName } from '../attachments/files/file-name.js';
import type { FileStore } from '../attachments/files/store.js';
import { NotAnImageError } from '../images/raster.js';
import type { ProjectAccess } from '../rights/project-access.js';
import { prepareBackground } from './image.js';
import { type BackgroundFile, BackgroundsRepo } from './repo.js';

export interface BackgroundImage {
  file: BackgroundFile;
  /** Changes whenever the image does: each upload is a new file. */
  etag: string;
  open(): Promise<Readable>;
}

export class BackgroundsService {
  private readonly repo: BackgroundsRepo;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly store: FileStore,
    private readonly access: ProjectAccess,
  ) {
    this.repo = new BackgroundsRepo(db);
  }

  /** Checks the right before the upload is read. */
  async demandWrite(userId: number, projectId: number): Promise<void> {
    if (projectId < 0) throw fail('projectDoesNotExist');
    await this.access.demand(userId, projectId, Right.write);
  }

  /** Stores `bytes` as the project's background, in place of the one it had. */
  async upload(userId: number, projectId: number, name: string, bytes: Buffer): Promise<void> {
    const { project } = await this.access.demand(userId, projectId, Right.write);
    let image: Awaited<ReturnType<typeof prepareBackground>>;
    try {
      image = await prepareBackground(bytes);
    } catch (error) {
      if (error instanceof NotAnImageError) throw httpError(400, 'Uploaded file is no image.');
      throw error;
    }
    const old = project.background_file_id;
    await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.with(trx);
      const fileId = await repo.insertFile(
        { name: storedFileName(name, 'background'), mime: image.mime, size: image.data.length },
        userId,
      );
      await this.store.put(fileId, Readable.from([image.data]));
      await repo.setBackground(projectId, fileId, image.blurHash);
      if (old !== null) await repo.deleteFiles([old]);
    });
    if (old !== null) await this.store.remove(old);
  }

  /** The project's background image; 3015 when it has none. */
  async image(userId: number, projectId: number): Promise<BackgroundImage> {
    if (projectId < 0) throw fail('projectHasNoBackground');
    const { project } = await this.access.demand(userId, projectId, Right.read);
    const file =
      project.background_file_id === null ? undefined : await this.repo.file(project.background_file_id);
    if (!file) throw fail('projectHasNoBackground');
    return {
      file,
      etag: `"bg-${file.id}-${file.size}"`,
      open: () =>
        this.store.open(file.id).catch(() => {
          throw fail('projectHasNoBackground');
        }),
    };
  }

  /** Removes the background; a project without one answers the same (reference: 200 project). */
  async remove(userId: number, projectId: number): Promise<void> {
    if (projectId < 0) throw fail('projectDoesNotExist');
    const { project } = await this.access.demand(userId, projectId, Right.write);
    const old = project.background_file_id;
    await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.with(trx);
      await repo.setBackground(projectId, null, '');
      if (old !== null) await repo.deleteFiles([old]);
    });
    if (old !== null) await this.store.remove(old);
  }

  /** Gives the duplicate `copyId` its own copy of the source's background file (inside `trx`). */
  async copy(trx: Kysely<Database>, source: ProjectRow, copyId: number, userId: number): Promise<void> {
    if (source.background_file_id === null) return;
    const repo = this.repo.with(trx);
    const file = await repo.file(source.background_file_id);
    // Bytes gone from the store leave the copy without a background rather than fail the copy.
    const bytes = file ? await this.store.open(file.id).catch(() => null) : null;
    if (!file || !bytes) return;
    const fileId = await repo.insertFile(
      { name: file.name, mime: file.mime, size: Number(file.size) },
      userId,
    );
    await this.store.put(fileId, bytes);
    await repo.setBackground(copyId, fileId, source.background_blur_hash);
  }

  /** Deletes the background file rows of projects about to be deleted; answers their ids. */
  async beforeDelete(trx: Kysely<Database>, projectIds: readonly number[]): Promise<number[]> {
    const repo = this.repo.with(trx);
    const fileIds = await repo.fileIdsOfProjects(projectIds);
    await repo.deleteFiles(fileIds);
    return fileIds;
  }

  /** Removes the bytes once the deletion is committed. */
  async afterDelete(fileIds: readonly number[]): Promise<void> {
    for (const id of fileIds) await this.store.remove(id);
  }
}
