/**
 * Runs an import's write in the background, in bounded batches: one transaction takes steps for
 * at most `batchMs` (or BATCH_STEPS steps), commits with the job's progress and what it wrote so
 * far, then the runner pauses so waiting requests get the event loop and, on SQLite, the one
 * writer — and while requests are being answered it waits a little longer (up to `deferMs`), so
 * they go first. On PostgreSQL other requests do not wait for the import's transaction (they have
 * connections of their own and touch none of its rows), so its batches are longer and it does not
 * step aside. Between batches it looks for a cancel request (which any process may set).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/database.js';
import type { FileStore } from '../attachments/files/store.js';
import type { ImportPlan } from './plan.js';
import { ProjectWriter } from './project-writer.js';
import type { CreatedRows, MigrationStatusRepo } from './status-repo.js';

const BATCH_STEPS = 500;
const PACING = {
  sqlite: { batchMs: 15, pauseMs: 15, deferMs: 60 },
  postgres: { batchMs: 150, pauseMs: 5, deferMs: 0 },
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
  /** Requests this process is answering now. */
  requestsInFlight: () => number;
}): Promise<JobOutcome> {
  const writer = new ProjectWriter(job.userId, job.db.dialect, job.store);
  const pacing = PACING[job.db.dialect];
  const steps = writer.steps(job.plan);
  let next = steps.next();
  try {
    while (!next.done) {
      const storedBefore = writer.storedFiles.length;
      try {
        await job.db.kysely.transaction().execute(async (trx) => {
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
        // The batch rolled back; the bytes it stored have no rows any more.
        for (const fileId of writer.storedFiles.slice(storedBefore)) await job.store.remove(fileId);
        throw error;
      }
      if (job.stopping() || (await job.statuses.cancelRequested(job.id))) {
        return { state: 'cancelled', created: writer.created };
      }
      await sleep(pacing.pauseMs);
      for (let waited = 0; waited < pacing.deferMs && job.requestsInFlight() > 0; waited += 5) await sleep(5);
    }
  } catch (error) {
    throw new JobFailed(error, writer.created);
  }
  return { state: 'done', created: writer.created };
}
