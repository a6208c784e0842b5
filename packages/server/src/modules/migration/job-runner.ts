/**
 * Runs an import's write in the background, in bounded batches: one transaction takes steps for
 * at most `batchMs` (or BATCH_STEPS steps), commits with the job's progress and what it wrote so
 * far, then the runner pauses so waiting requests get the event loop and, on SQLite, the one
 * writer — and while requests are being answered it waits a little longer (up to `deferMs`), so
 * they go first. On PostgreSQL other requests have connections of their own and touch none of the
 * batch's rows (the words it adds to the search vocabulary are committed before it, TaskWriter), so
 * the runner does not step aside; its batches are still short (50 ms), so that a lock nobody
 * foresaw is not held long.
 * Between batches it looks for a cancel request (which any process may set).
 *
 * It runs where the import runs: on the main thread for a small upload, in the import worker
 * thread (worker/entry.ts) for a large one, where the pause only lets other SQLite writers in.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../attachments/files/store.js';
import type { ImportPlan } from './plan.js';
import { ProjectWriter } from './project-writer.js';
import type { CreatedRows, MigrationStatusRepo } from './status-repo.js';

const BATCH_STEPS = 500;
/** How long a job keeps trying to begin a batch while SQLite's write lock stays taken. */
const BUSY_PATIENCE_MS = 2 * 60 * 1000;
const PACING = {
  sqlite: { batchMs: 15, pauseMs: 15, deferMs: 60 },
  postgres: { batchMs: 50, pauseMs: 5, deferMs: 0 },
} as const;

export interface JobOutcome {
  state: 'done' | 'cancelled';
  created: CreatedRows;
}

export class JobFailed extends Error {
  constructor(
    override readonly cause: unknown,
    readonly created: CreatedRows,
  ) {
    super('import failed');
  }
}

export async function runImportJob(job: {
  id: number;
  userId: number;
  plan: ImportPlan;
  total: number;
  db: Db;
  store: FileStore;
  statuses: MigrationStatusRepo;
  /** True once the process is closing: the job stops as if cancelled. */
  stopping: () => boolean;
  /** Requests this thread's event loop is answering now (none in the import worker). */
  requestsInFlight?: () => number;
}): Promise<JobOutcome> {
  const writer = new ProjectWriter(job.userId, job.db, job.store);
  const pacing = PACING[job.db.dialect];
  const steps = writer.steps(job.plan);
  let next = steps.next();
  /** When the write lock was first not had, of the batches tried again since. */
  let busySince = Number.POSITIVE_INFINITY;
  try {
    while (!next.done) {
      const storedBefore = writer.storedFiles.length;
      let begun = false;
      try {
        await job.db.kysely.transaction().execute(async (trx) => {
          begun = true;
          const started = performance.now();
          let taken = 0;
          while (!next.done && taken < BATCH_STEPS && performance.now() - started < pacing.batchMs) {
            await next.value(trx);
            taken++;
            next = steps.next();
          }
          await job.statuses.with(trx).progress(job.id, {
            stage: writer.stage,
            done: writer.tasksWritten,
            total: job.total,
            created: writer.created,
          });
        });
      } catch (error) {
        if (!begun && isBusy(error) && busySince + BUSY_PATIENCE_MS > Date.now()) {
          // Another SQLite connection held the write lock past the busy timeout (a long write of
          // another process on a loaded host). No step ran, so the batch is simply tried again.
          busySince = Math.min(busySince, Date.now());
          await sleep(pacing.pauseMs);
          continue;
        }
        // The batch rolled back; the bytes it stored have no rows any more.
        for (const fileId of writer.storedFiles.slice(storedBefore)) await job.store.remove(fileId);
        throw error;
      }
      busySince = Number.POSITIVE_INFINITY;
      if (job.stopping() || (await job.statuses.cancelRequested(job.id))) {
        return { state: 'cancelled', created: writer.created };
      }
      await sleep(pacing.pauseMs);
      const inFlight = job.requestsInFlight ?? (() => 0);
      for (let waited = 0; waited < pacing.deferMs && inFlight() > 0; waited += 5) await sleep(5);
    }
  } catch (error) {
    throw new JobFailed(error, writer.created);
  }
  return { state: 'done', created: writer.created };
}

function isBusy(error: unknown): boolean {
  return String((error as { code?: unknown })?.code ?? '').startsWith('SQLITE_BUSY');
}
