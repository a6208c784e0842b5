/**
 * The main thread's side of an import worker thread (entry.ts): starts it with the upload, hears
 * what it read, orders the write and hears how it ended. A thread that dies (out of memory, a
 * crash) fails the job like a failed batch would: what it committed is listed in the job's row,
 * so the caller can roll it back.
 *
 * The thread runs the compiled entry.js next to this file. Run from the TypeScript sources (the
 * tests), there is none; ORDO_IMPORT_WORKER_ENTRY then names a built one (the API tests bundle it,
 * test/support/import-worker-bundle.ts), and without it the import runs on the main thread.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { fail } from '../../../http/api-error.js';
import { JobFailed, type JobOutcome } from '../job-runner.js';
import type { ImportCounts } from '../limits.js';
import type { CreatedRows } from '../status-repo.js';
import { type FromWorker, fromWire, type ToWorker, type WorkerInput } from './messages.js';

/** The worker's entry, or null when there is none to run (sources without a bundle). */
export function importWorkerEntry(): URL | null {
  const built = new URL('./entry.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  const named = process.env.ORDO_IMPORT_WORKER_ENTRY;
  return named ? pathToFileURL(named) : null;
}

export class ImportThread {
  /** Threads this process started, so tests can tell an import ran in one. */
  static started = 0;
  private readonly worker: Worker;
  private readonly inbox: FromWorker[] = [];
  private waiting: { resolve: (m: FromWorker) => void; reject: (e: Error) => void } | null = null;
  private ended: Error | null = null;

  /** `heapMb`: the most its heap may take; beyond it the job fails with 30051. */
  constructor(
    entry: URL,
    input: WorkerInput,
    private readonly heapMb: number,
  ) {
    ImportThread.started++;
    this.worker = new Worker(entry, {
      workerData: input,
      // The upload's bytes move to the thread rather than being copied once more.
      transferList: [input.bytes.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 64 },
    });
    this.worker.on('message', (message: FromWorker) => {
      if (this.waiting) this.waiting.resolve(message);
      else this.inbox.push(message);
      this.waiting = null;
    });
    this.worker.on('error', (error: Error & { code?: string }) => this.end(error));
    this.worker.on('exit', () => this.end(new Error('the import worker ended')));
  }

  /** Reads the upload; throws the catalogue error for a file the server cannot use. */
  async read(): Promise<{ counts: ImportCounts; sha256: string }> {
    const message = await this.next().catch((error: Error) => {
      throw this.tooLarge(error) ?? error;
    });
    if (message.type === 'refused') throw fromWire(message.error);
    if (message.type !== 'read') throw new Error(`the import worker answered ${message.type}`);
    return message;
  }

  /**
   * Writes what was read. `stopping` is asked every 100 ms: once it says so, the thread stops
   * after its batch. `createdSoFar` reads the job's row when the thread dies.
   */
  async write(
    total: number,
    stopping: () => boolean,
    createdSoFar: () => Promise<CreatedRows>,
  ): Promise<JobOutcome> {
    this.send({ type: 'write', total });
    const watch = setInterval(() => {
      if (stopping()) this.send({ type: 'stop' });
    }, 100);
    try {
      const message = await this.next();
      if (message.type === 'ended') return { state: message.state, created: message.created };
      if (message.type === 'failed') throw new JobFailed(fromWire(message.error), message.created);
      throw new Error(`the import worker answered ${message.type}`);
    } catch (error) {
      if (error instanceof JobFailed) throw error;
      throw new JobFailed(this.tooLarge(error as Error) ?? error, await createdSoFar());
    } finally {
      clearInterval(watch);
    }
  }

  /** Ends the thread (it is done, or its upload is refused). */
  close(): void {
    void this.worker.terminate();
  }

  private tooLarge(error: Error & { code?: string }): Error | null {
    if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY') return null;
    return fail('importTooLargeToRead', [`${this.heapMb}MB, 4 × ORDO_IMPORT_MAX_MEMORY`]);
  }

  private send(message: ToWorker): void {
    if (!this.ended) this.worker.postMessage(message);
  }

  private next(): Promise<FromWorker> {
    const queued = this.inbox.shift();
    if (queued) return Promise.resolve(queued);
    if (this.ended) return Promise.reject(this.ended);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  private end(error: Error): void {
    this.ended ??= error;
    this.waiting?.reject(this.ended);
    this.waiting = null;
  }
}
