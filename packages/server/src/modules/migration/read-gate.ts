/**
 * A first look at a Vikunja export's data.json (or an Ordo export's projects.json, account.json
 * and labels.json) in a worker thread, before the server parses it itself: parsing a large file
 * would hold the event loop (every other request waits), and a file of a million tasks needs more
 * memory than the server should give one upload. The worker parses and counts under a heap limit
 * (ORDO_IMPORT_MAX_MEMORY) and answers only the counts (and the account's id), so a file over a
 * limit is refused without the main thread ever parsing it. The worker's source is plain
 * JavaScript run with `eval`, which needs no build step of its own.
 */
import { Worker } from 'node:worker_threads';
import { fail } from '../../http/api-error.js';
import { checkImportLimits, type ImportCountLimits, type ImportCounts } from './limits.js';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
function parse(bytes) {
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8').replace(/^\\uFEFF/, ''));
  } catch {
    return undefined;
  }
}
const data = parse(workerData.json);
const account = workerData.account ? parse(workerData.account) : null;
const labelList = workerData.labels ? parse(workerData.labels) : [];
const idOf = (v) => (typeof v === 'number' || (typeof v === 'string' && v !== '') ? String(v) : undefined);
const ownerId = account ? idOf(account.id) : undefined;
const counts = { tasks: 0, projects: 0, labels: 0, comments: 0, attachments: 0 };
const labels = new Set();
const list = (v) => (Array.isArray(v) ? v : []);
const visit = (p) => {
  if (!p || typeof p !== 'object') return;
  if (!Array.isArray(p.lists)) counts.projects++;
  for (const t of list(p.tasks)) {
    if (!t || typeof t !== 'object') continue;
    counts.tasks++;
    counts.comments += list(t.comments).length;
    counts.attachments += list(t.attachments).length;
    for (const l of list(t.labels)) if (l && typeof l.title === 'string') labels.add(l.title + '\\u0000' + l.hex_color);
  }
  for (const c of list(p.child_projects)) visit(c);
  for (const c of list(p.lists)) visit(c);
};
if (data === undefined || account === undefined || labelList === undefined) {
  parentPort.postMessage({ unreadable: true });
} else {
  for (const p of list(data)) {
    if (!account || (p && p.owner && idOf(p.owner.id) === ownerId)) visit(p);
  }
  for (const l of list(labelList)) if (l && typeof l.title === 'string') labels.add(l.title + '\\u0000' + l.hex_color);
  counts.labels = labels.size;
  parentPort.postMessage({ counts, ownerId });
}
`;

/** The JSON files of an export the gate reads. */
export interface ExportJson {
  /** data.json, or an Ordo export's projects.json. */
  projects: Buffer;
  /** An Ordo export's account.json: only the projects that account owns count. */
  account?: Buffer;
  /** An Ordo export's labels.json, its labels counted with the tasks'. */
  labels?: Buffer;
}

/**
 * Counts an export's JSON off the main thread; throws the catalogue error for a file over a limit
 * or one that is not JSON. Answers the id account.json names, if any.
 */
export async function gateExport(
  files: ExportJson,
  limits: ImportCountLimits,
  maxMemory: number,
): Promise<{ accountId?: string }> {
  const answer = await new Promise<{ counts?: ImportCounts; unreadable?: boolean; ownerId?: string }>(
    (resolve, reject) => {
      const megabytes = Math.max(16, Math.floor(maxMemory / (1024 * 1024)));
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: { json: files.projects, account: files.account, labels: files.labels },
        resourceLimits: { maxOldGenerationSizeMb: megabytes, maxYoungGenerationSizeMb: 32 },
      });
      worker.once('message', (message) => {
        resolve(message);
        void worker.terminate();
      });
      worker.once('error', (error: Error & { code?: string }) => {
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? fail('importTooLargeToRead', [`ORDO_IMPORT_MAX_MEMORY=${megabytes}MB`])
            : error,
        );
      });
      worker.once('exit', () =>
        reject(fail('importTooLargeToRead', [`ORDO_IMPORT_MAX_MEMORY=${megabytes}MB`])),
      );
    },
  );
  if (answer.unreadable || !answer.counts) throw fail('importFileIsEmpty');
  checkImportLimits(answer.counts, limits);
  return answer.ownerId === undefined ? {} : { accountId: answer.ownerId };
}
