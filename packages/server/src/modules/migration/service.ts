/**
 * Imports from files (reference §2.16): a Vikunja export zip or a TickTick CSV becomes the calling
 * user's projects, tasks and everything on them, all in one transaction — a file that fails
 * anywhere leaves nothing behind (attachment bytes already stored are removed again). One import
 * per user runs at a time; a second one gets 412 with the start of the one under way.
 */
import { toIsoSeconds, ZERO_DATE } from '@ordo/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { fail } from '../../http/api-error.js';
import type { FileStore } from '../attachments/files/store.js';
import { isUniqueViolation } from '../tasks/repo.js';
import type { FileImporter, ImportLimits } from './importer.js';
import { cleanPlanText } from './plan-text.js';
import { ProjectWriter } from './project-writer.js';
import { MigrationStatusRepo } from './status-repo.js';
import { tickTickImporter } from './ticktick/importer.js';
import { vikunjaFileImporter } from './vikunja-file/importer.js';

export const FILE_IMPORTERS: readonly FileImporter[] = [vikunjaFileImporter, tickTickImporter];

/** A run unfinished for this long belongs to a process that ended; it no longer blocks. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;
/** How much larger than the upload limit a zip may unpack to. */
const UNPACK_FACTOR = 5;

export interface SerializedMigrationStatus {
  id: number;
  migrator_name: string;
  started_at: string;
  finished_at: string;
}

export class MigrationService {
  private readonly statuses: MigrationStatusRepo;

  constructor(
    private readonly config: Config,
    private readonly db: Db,
    private readonly store: FileStore,
  ) {
    this.statuses = new MigrationStatusRepo(db.kysely);
  }

  /** The importers that work, for /info's `available_migrators`. */
  static names(): string[] {
    return FILE_IMPORTERS.map((i) => i.name);
  }

  get maxUploadSize(): number {
    return this.config.importMaxSize;
  }

  async status(userId: number, name: string): Promise<SerializedMigrationStatus> {
    const row = await this.statuses.latest(userId, name);
    return {
      id: row?.id ?? 0,
      migrator_name: name,
      started_at: row?.started_at ?? ZERO_DATE,
      finished_at: row?.finished_at ?? ZERO_DATE,
    };
  }

  async run(userId: number, importer: FileImporter, bytes: Buffer): Promise<void> {
    if (bytes.length === 0) throw fail('importFileIsEmpty');
    const run = await this.start(userId, importer.name);
    const written: number[] = [];
    try {
      const limits: ImportLimits = {
        maxFileSize: this.config.maxFileSize,
        maxUnpacked: this.config.importMaxSize * UNPACK_FACTOR,
      };
      const read = await importer.read(bytes, limits);
      try {
        await this.db.kysely.transaction().execute(async (trx) => {
          const writer = new ProjectWriter(trx, userId, this.db.dialect, this.store);
          try {
            await writer.write(cleanPlanText(read.plan));
          } finally {
            written.push(...writer.storedFiles);
          }
        });
      } finally {
        read.close();
      }
    } catch (error) {
      for (const fileId of written) await this.store.remove(fileId);
      await this.statuses.delete(run.id);
      throw error;
    }
    await this.statuses.finish(run.id);
  }

  private async start(userId: number, name: string) {
    await this.statuses.deleteAbandoned(userId, toIsoSeconds(new Date(Date.now() - ABANDONED_AFTER_MS)));
    try {
      return await this.statuses.start(userId, name);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const running = await this.statuses.running(userId);
      throw fail('migrationAlreadyRunning', [], { running_since: running?.started_at ?? ZERO_DATE });
    }
  }
}
