/**
 * The import worker thread: reads the upload into a plan, then, when told to, writes it with the
 * job runner on a database connection of its own (SQLite: its own connection to the same file, in
 * WAL mode with a busy timeout; PostgreSQL: a pool of two). The parse, the plan of up to a million
 * tasks and every write batch live here, so the main thread's event loop and heap stay free for
 * requests. Progress and what was written go to the job's row with each batch, as on the main
 * thread; the job's cancel flag is read between batches, and a `stop` from the main thread (the
 * process is closing) ends the write the same way.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../../db/database.js';
import { createFileStore } from '../../attachments/files/store.js';
import { importerOf } from '../importers.js';
import { JobFailed, runImportJob } from '../job-runner.js';
import { cleanPlanText } from '../plan-text.js';
import { type ReadUpload, readUpload } from '../read-upload.js';
import { MigrationStatusRepo } from '../status-repo.js';
import { type FromWorker, type ToWorker, toWire, type WorkerInput } from './messages.js';

const input = workerData as WorkerInput;
const port = parentPort;
if (!port) throw new Error('the import worker runs in a worker thread');

let stopping = false;
let ordered: (total: number | null) => void = () => {};
const writeOrder = new Promise<number | null>((resolve) => {
  ordered = resolve;
});
port.on('message', (message: ToWorker) => {
  if (message.type === 'write') ordered(message.total);
  else {
    stopping = true;
    ordered(null);
  }
});
const tell = (message: FromWorker) => port.postMessage(message);

async function write(upload: ReadUpload, total: number): Promise<FromWorker> {
  // A pool of two: the batch's transaction, and the cancel check beside it.
  const db = openDatabase(input.database, { poolSize: 2 });
  try {
    const outcome = await runImportJob({
      id: input.job.id,
      userId: input.job.userId,
      plan: cleanPlanText(upload.read.plan),
      total,
      db,
      store: createFileStore({ dataDir: input.dataDir }),
      statuses: new MigrationStatusRepo(db.kysely),
      stopping: () => stopping,
    });
    return { type: 'ended', ...outcome };
  } catch (error) {
    if (!(error instanceof JobFailed)) throw error;
    return { type: 'failed', error: toWire(error.cause), created: error.created };
  } finally {
    // Closed before the answer, as the main thread ends the thread once it has it.
    await db.close();
  }
}

async function main(): Promise<void> {
  let upload: ReadUpload;
  try {
    const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
    upload = await readUpload(importerOf(input.importer), bytes, input.limits, input.fileName);
  } catch (error) {
    tell({ type: 'refused', error: toWire(error) });
    return;
  }
  try {
    tell({ type: 'read', counts: upload.counts, sha256: upload.sha256 });
    const total = await writeOrder;
    if (total !== null) tell(await write(upload, total));
  } finally {
    upload.read.close();
  }
}

await main();
port.close();
