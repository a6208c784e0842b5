/**
 * Imports from files (reference §2.16): a Vikunja export zip, a TickTick CSV, a Todoist project CSV
 * or a Trello board JSON becomes the calling user's projects, tasks and everything on them.
 *
 * The upload is read and checked at once — size, the file's format, the limits on what it holds
 * (counted off the main thread, see read-gate.ts) — so a file the server cannot use is refused
 * with its error and nothing is written. Then the upload is answered and the write runs as a
 * background job in bounded batches (job-runner.ts), the job's row telling its progress. A job
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
import type { Mailer } from '../mail/mailer.js';
import { startJob } from '../metrics/job-metrics.js';
import type { ProjectsService, TaskFileOwner } from '../projects/service.js';
import { isUniqueViolation } from '../tasks/repo.js';
import { CSV_IMPORTER_NAME } from './csv/importer.js';
import { FingerprintRepo, fingerprintOf } from './fingerprint-repo.js';
import {
  type ImportMailDeps,
  type ImportNotice,
  importDoneNotice,
  importFailedNotice,
  insertNotice,
  mailNotice,
} from './import-notice.js';
import { ImportRepo } from './import-repo.js';
import type { FileImporter, ImportLimits, ReadImport } from './importer.js';
import { JobFailed, runImportJob } from './job-runner.js';
import { checkImportLimits, countPlan, type ImportCounts } from './limits.js';
import { cleanPlanText } from './plan-text.js';
import { type CreatedRows, MigrationStatusRepo, type MigrationStatusRow } from './status-repo.js';
import { tickTickImporter } from './ticktick/importer.js';
import { todoistImporter } from './todoist/importer.js';
import { trelloImporter } from './trello/importer.js';
import { vikunjaFileImporter } from './vikunja-file/importer.js';

/**
 * The file importers, by the names in their paths and in /info's `available_migrators`. Todoist's
 * and Trello's are `todoist-csv` and `trello-json`: Vikunja's `todoist` and `trello` are OAuth
 * importers, and a Vikunja client that saw those names would offer a sign-in flow Ordo has not.
 */
export const FILE_IMPORTERS: readonly FileImporter[] = [
  vikunjaFileImporter,
  tickTickImporter,
  todoistImporter,
  trelloImporter,
];

/** A running job not heard of for this long belongs to a process that ended. */
const STALE_AFTER_MS = 2 * 60 * 1000;
/** How much larger than the upload limit a zip may unpack to. */
const UNPACK_FACTOR = 5;
/** Tasks deleted per transaction when a job is rolled back. */
const ROLLBACK_CHUNK = 500;

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
    let read: ReadImport | undefined;
    let counts: ImportCounts;
    let sha256: string;
    try {
      const limits: ImportLimits = {
        maxFileSize: this.config.maxFileSize,
        maxUnpacked: this.config.importMaxSize * UNPACK_FACTOR,
        counts: this.config.importLimits,
        maxMemory: this.config.importMaxMemory,
      };
      read = await importer.read(bytes, limits, fileName);
      counts = countPlan(read.plan);
      checkImportLimits(counts, this.config.importLimits);
      sha256 = fingerprintOf(importer.name, read);
      const importedAt = await new FingerprintRepo(this.db.kysely).importedAt(userId, sha256);
      if (importedAt) {
        // The message reads as a date and time; the field keeps the instant for clients.
        const when = `${importedAt.slice(0, 10)} ${importedAt.slice(11, 16)} UTC`;
        throw fail('importAlreadyDone', [when], { imported_at: importedAt });
      }
    } catch (error) {
      read?.close();
      await this.statuses.delete(run.id);
      throw error;
    }
    await this.statuses.progress(run.id, {
      stage: 'writing',
      done: 0,
      total: counts.tasks,
      created: { projects: [], labels: [] },
    });
    const job = this.runJob(run, read, counts, sha256).finally(() => this.jobs.delete(job));
    this.jobs.add(job);
    return serialize(importer.name, await this.statuses.find(run.id));
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

  private async runJob(
    run: MigrationStatusRow,
    read: ReadImport,
    counts: ImportCounts,
    sha256: string,
  ): Promise<void> {
    // One run of the import job (modules/metrics); it fails when the import does.
    const counted = startJob('import');
    try {
      const outcome = await runImportJob({
        id: run.id,
        userId: run.user_id,
        plan: cleanPlanText(read.plan),
        total: counts.tasks,
        db: this.db,
        store: this.store,
        statuses: this.statuses,
        stopping: () => this.closing,
        requestsInFlight: this.deps.requestsInFlight,
      });
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
      read.close();
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

function parseCreated(text: string | null): CreatedRows {
  const value = text ? (JSON.parse(text) as Partial<CreatedRows>) : {};
  return {
    projects: value.projects ?? [],
    labels: value.labels ?? [],
    tasks: value.tasks ?? [],
    buckets: value.buckets ?? [],
  };
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
