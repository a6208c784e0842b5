/**
 * Imports from files (reference §2.16): a Vikunja (or Ordo) export zip, a TickTick CSV, a Todoist
 * project CSV, or a Trello or WeKan board JSON becomes the calling user's projects, tasks and
 * everything on them.
 *
 * The upload is read and checked at once — size, the file's format, the limits on what it holds
 * (counted off the main thread, see read-gate.ts) — so a file the server cannot use is refused
 * with its error and nothing is written. Then the upload is answered and the write runs as a
 * background job in bounded batches (job-runner.ts), the job's row telling its progress. A large
 * upload (ORDO_IMPORT_WORKER_FROM) is read, planned and written in a worker thread with its own
 * database connection (worker/), so its parse, its plan and its batches stay off the event loop
 * and heap that answer requests; the job is the same either way. A job
 * that fails halfway, is cancelled, or whose process died is rolled back: what it wrote (listed in
 * its row, committed with each batch) is deleted again, so nothing half-written stays. While it
 * runs, the projects it wrote so far are visible to the user. One job per user at a time; a
 * second one gets 412 with the start of the one under way. When it is done (or failed) the user
 * gets a notification and a mail (import-notice.ts). A file imported once is refused the second
 * time with the date of the first (409, fingerprint-repo.ts), so nothing is duplicated.
 *
 * The write is one unit: its batches commit as they go (so a long import does not hold the
 * database from everyone else), and a failure or cancel deletes everything they wrote, so the
 * outcome is all of the file or nothing of it, as one transaction would be.
 */
import { toIsoSeconds, ZERO_DATE } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { ApiError, fail } from '../../http/api-error.js';
import type { FileStore } from '../attachments/files/store.js';
import { FavoritesRepo } from '../favorites/repo.js';
import type { PublishChanges } from '../live/publisher.js';
import type { Mailer } from '../mail/mailer.js';
import { startJob } from '../metrics/job-metrics.js';
import type { ProjectsService, TaskFileOwner } from '../projects/service.js';
import { isUniqueViolation } from '../tasks/repo.js';
import { CSV_IMPORTER_NAME } from './csv/importer.js';
import { FingerprintRepo } from './fingerprint-repo.js';
import {
  type ImportMailDeps,
  type ImportNotice,
  importDoneNotice,
  importFailedNotice,
  insertNotice,
  mailNotice,
} from './import-notice.js';
import { ImportRepo } from './import-repo.js';
import type { FileImporter, ImportLimits } from './importer.js';
import { FILE_IMPORTERS, specOf } from './importers.js';
import { JobFailed, type JobOutcome, runImportJob } from './job-runner.js';
import type { ImportCounts } from './limits.js';
import { cleanPlanText } from './plan-text.js';
import { readUpload } from './read-upload.js';
import {
  type CreatedRows,
  MigrationStatusRepo,
  type MigrationStatusRow,
  parseCreated,
} from './status-repo.js';
import { ImportThread, importWorkerEntry } from './worker/host.js';

export { FILE_IMPORTERS };

/** A running job not heard of for this long belongs to a process that ended. */
const STALE_AFTER_MS = 2 * 60 * 1000;
/** How much larger than the upload limit a zip may unpack to. */
const UNPACK_FACTOR = 5;
/** Tasks deleted per transaction when a job is rolled back. */
const ROLLBACK_CHUNK = 500;
const MiB = 1024 * 1024;
/** The least heap the import worker gets: a million small tasks and their plan fit. */
const MIN_WORKER_HEAP_MB = 2048;

/** An upload read and checked, to be written here or in the import worker thread. */
interface ReadJob {
  counts: ImportCounts;
  sha256: string;
  write(): Promise<JobOutcome>;
  /** Releases the upload (or ends the worker thread). */
  close(): void;
}

export interface SerializedMigrationStatus {
  id: number;
  migrator_name: string;
  started_at: string;
  finished_at: string;
  /** none (never ran), running, done, failed or cancelled. */
  state: string;
  /** reading, writing, relations, rolling back, or the state once it ended. */
  stage: string;
  done: number;
  total: number;
  /** What a finished import wrote. */
  result: ImportCounts | null;
  /** Why it failed: the catalogue error. */
  error: { code?: number; message: string } | null;
}

export interface MigrationDeps {
  projects: ProjectsService;
  taskFiles: TaskFileOwner;
  mailer: Mailer;
  log?: { error(message: string): void };
  /** How many requests are being answered, so jobs can let those go first. */
  requestsInFlight: () => number;
  /** Open views of the imported projects refetch once the import is done (modules/live). */
  publish?: PublishChanges;
}

export class MigrationService {
  private readonly statuses: MigrationStatusRepo;
  private readonly jobs = new Set<Promise<void>>();
  private closing = false;

  constructor(
    private readonly config: Config,
    private readonly db: Db,
    private readonly store: FileStore,
    private readonly deps: MigrationDeps,
  ) {
    this.statuses = new MigrationStatusRepo(db.kysely);
  }

  /** The importers that work, for /info's `available_migrators`. */
  static names(): string[] {
    // The generic CSV import has its own routes (csv/routes.ts), listed after the file importers
    // as Vikunja lists it.
    return [...FILE_IMPORTERS.map((i) => i.name), CSV_IMPORTER_NAME];
  }

  get maxUploadSize(): number {
    return this.config.importMaxSize;
  }

  async status(userId: number, name: string): Promise<SerializedMigrationStatus> {
    return serialize(name, await this.statuses.latest(userId, name));
  }

  /** Reads and checks the upload, then starts writing it in the background; answers the job. */
  async start(
    userId: number,
    importer: FileImporter,
    bytes: Buffer,
    fileName = '',
  ): Promise<SerializedMigrationStatus> {
    if (bytes.length === 0) throw fail('importFileIsEmpty');
    await this.recoverStale(userId);
    const run = await this.claim(userId, importer.name);
    let job: ReadJob;
    try {
      job = await this.read(run, importer, bytes, fileName);
    } catch (error) {
      await this.statuses.delete(run.id);
      throw error;
    }
    try {
      const importedAt = await new FingerprintRepo(this.db.kysely).importedAt(userId, job.sha256);
      if (importedAt) {
        // The message reads as a date and time; the field keeps the instant for clients.
        const when = `${importedAt.slice(0, 10)} ${importedAt.slice(11, 16)} UTC`;
        throw fail('importAlreadyDone', [when], { imported_at: importedAt });
      }
    } catch (error) {
      job.close();
      await this.statuses.delete(run.id);
      throw error;
    }
    await this.statuses.progress(run.id, {
      stage: 'writing',
      done: 0,
      total: job.counts.tasks,
      created: { projects: [], labels: [] },
    });
    const running = this.runJob(run, job).finally(() => this.jobs.delete(running));
    this.jobs.add(running);
    return serialize(importer.name, await this.statuses.find(run.id));
  }

  /**
   * Reads the upload: in the import worker thread when it is large (ORDO_IMPORT_WORKER_FROM) and
   * the worker can be run, else here. An in-memory SQLite database cannot be shared with a thread.
   */
  private async read(
    run: MigrationStatusRow,
    importer: FileImporter,
    bytes: Buffer,
    fileName: string,
  ): Promise<ReadJob> {
    const limits: ImportLimits = {
      maxFileSize: this.config.maxFileSize,
      maxUnpacked: this.config.importMaxSize * UNPACK_FACTOR,
      counts: this.config.importLimits,
      maxMemory: this.config.importMaxMemory,
    };
    const { database } = this.config;
    const shared = database.kind === 'postgres' || database.file !== ':memory:';
    const entry = bytes.length >= this.config.importWorkerFrom && shared ? importWorkerEntry() : null;
    if (entry) {
      const heapMb = Math.max(MIN_WORKER_HEAP_MB, Math.ceil((4 * this.config.importMaxMemory) / MiB));
      const thread = new ImportThread(
        entry,
        {
          database,
          dataDir: this.config.dataDir,
          job: { id: run.id, userId: run.user_id },
          importer: specOf(importer),
          bytes: new Uint8Array(bytes),
          fileName,
          limits,
        },
        heapMb,
      );
      try {
        const { counts, sha256 } = await thread.read();
        const createdSoFar = async () => parseCreated((await this.statuses.find(run.id))?.created ?? null);
        return {
          counts,
          sha256,
          write: () => thread.write(counts.tasks, () => this.closing, createdSoFar),
          close: () => thread.close(),
        };
      } catch (error) {
        thread.close();
        throw error;
      }
    }
    const { read, counts, sha256 } = await readUpload(importer, bytes, limits, fileName);
    return {
      counts,
      sha256,
      write: () =>
        runImportJob({
          id: run.id,
          userId: run.user_id,
          plan: cleanPlanText(read.plan),
          total: counts.tasks,
          db: this.db,
          store: this.store,
          statuses: this.statuses,
          stopping: () => this.closing,
          requestsInFlight: this.deps.requestsInFlight,
        }),
      close: () => read.close(),
    };
  }

  /** Asks the user's running import to stop; it rolls back what it wrote. */
  async cancel(userId: number, name: string): Promise<SerializedMigrationStatus> {
    const running = await this.statuses.running(userId);
    if (!running || running.migrator_name !== name) throw fail('noImportRunning');
    await this.statuses.requestCancel(running.id);
    return serialize(name, await this.statuses.find(running.id));
  }

  /** Resolves once no job of this process runs (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.allSettled([...this.jobs]);
  }

  /** Stops this process's jobs (they roll back) and waits for them. */
  async close(): Promise<void> {
    this.closing = true;
    await this.idle();
  }

  /**
   * Rolls back the jobs whose process died (their heartbeat stopped): at start, and before a
   * user's next import. Each is claimed by one process only.
   */
  async recoverStale(userId?: number): Promise<void> {
    const before = toIsoSeconds(new Date(Date.now() - STALE_AFTER_MS));
    for (const row of await this.statuses.stale(before, userId)) {
      if (!(await this.statuses.claimStale(row.id, before))) continue;
      await this.rollback(row.user_id, parseCreated(row.created));
      const error = fail('importInterrupted');
      await this.endWith(row, 'failed', { error: error.toBody() }, importFailedNotice(row, error.message));
    }
  }

  /**
   * Ends a job: its state, what else belongs to the end (`alsoIn`) and the user's notification in
   * one transaction; then the mail.
   */
  private async endWith(
    run: MigrationStatusRow,
    state: 'done' | 'failed',
    outcome: { error?: unknown; result?: unknown },
    notice: ImportNotice,
    alsoIn?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await alsoIn?.(trx);
      await this.statuses.with(trx).finish(run.id, state, outcome);
      await insertNotice(trx, run, notice);
    });
    const mail: ImportMailDeps = { db: this.db, mailer: this.deps.mailer, log: this.deps.log ?? console };
    await mailNotice(mail, run, notice);
  }

  private async runJob(run: MigrationStatusRow, job: ReadJob): Promise<void> {
    const { counts, sha256 } = job;
    // One run of the import job (modules/metrics); it fails when the import does.
    const counted = startJob('import');
    try {
      const outcome = await job.write();
      if (outcome.state === 'cancelled') {
        await this.rollback(run.user_id, outcome.created);
        await this.statuses.finish(run.id, 'cancelled', {});
        return;
      }
      // Done, known by its fingerprint and told at once, so no second upload slips in between.
      const { created } = outcome;
      await this.endWith(run, 'done', { result: counts }, importDoneNotice(run, counts), (trx) =>
        new FingerprintRepo(trx).record(run.user_id, run.migrator_name, sha256, created.projects),
      ).catch((error: unknown) => {
        throw new JobFailed(error, created);
      });
      this.deps.publish?.(
        ...created.projects.map((projectId) => ({
          change: 'project.imported' as const,
          projectId,
          actorId: run.user_id,
        })),
      );
    } catch (error) {
      counted.failed();
      const cause = error instanceof JobFailed ? error.cause : error;
      const created = error instanceof JobFailed ? error.created : undefined;
      if (!(cause instanceof ApiError)) {
        (this.deps.log ?? console).error(`import ${run.id} failed: ${(cause as Error)?.message}`);
      }
      try {
        if (created) await this.rollback(run.user_id, created);
        const body = cause instanceof ApiError ? cause.toBody() : { message: 'The import failed.' };
        await this.endWith(run, 'failed', { error: body }, importFailedNotice(run, String(body.message)));
      } catch (cleanup) {
        (this.deps.log ?? console).error(`import ${run.id} rollback failed: ${(cleanup as Error).message}`);
      }
    } finally {
      counted.end();
      job.close();
    }
  }

  /**
   * Deletes what a job wrote: its projects' tasks in chunks (so no single transaction holds the
   * database long), then the projects with everything on them, then the labels it made.
   */
  private async rollback(userId: number, created: CreatedRows): Promise<void> {
    const repo = new ImportRepo(this.db.kysely);
    for (let i = 0; i < (created.tasks ?? []).length; i += ROLLBACK_CHUNK) {
      await this.deleteTasks((created.tasks ?? []).slice(i, i + ROLLBACK_CHUNK));
    }
    if ((created.buckets ?? []).length > 0) await repo.deleteBuckets(created.buckets ?? []);
    for (const projectId of created.projects) {
      for (;;) {
        const ids = await repo.taskIdsOfProject(projectId, ROLLBACK_CHUNK);
        if (ids.length === 0) break;
        await this.deleteTasks(ids);
      }
    }
    for (const projectId of [...created.projects].reverse()) {
      if (await repo.projectExists(projectId)) await this.deps.projects.delete(userId, projectId);
    }
    if (created.labels.length > 0) await repo.deleteLabels(userId, created.labels);
  }

  private async deleteTasks(ids: number[]): Promise<void> {
    const files = await this.db.kysely.transaction().execute(async (trx) => {
      await new FavoritesRepo(trx).removeAll('task', ids);
      const owned = await this.deps.taskFiles.beforeDelete(trx, ids);
      await new ImportRepo(trx).deleteTasks(ids);
      return owned;
    });
    await this.deps.taskFiles.afterDelete(files);
  }

  private async claim(userId: number, name: string) {
    try {
      return await this.statuses.start(userId, name);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const running = await this.statuses.running(userId);
      throw fail('migrationAlreadyRunning', [], { running_since: running?.started_at ?? ZERO_DATE });
    }
  }
}

function serialize(name: string, row: MigrationStatusRow | undefined): SerializedMigrationStatus {
  return {
    id: row?.id ?? 0,
    migrator_name: name,
    started_at: row?.started_at ?? ZERO_DATE,
    finished_at: row?.finished_at ?? ZERO_DATE,
    state: row?.state ?? 'none',
    stage: row?.stage ?? '',
    done: row?.done_count ?? 0,
    total: row?.total ?? 0,
    result: row?.result ? (JSON.parse(row.result) as ImportCounts) : null,
    error: row?.error ? (JSON.parse(row.error) as { code?: number; message: string }) : null,
  };
}
