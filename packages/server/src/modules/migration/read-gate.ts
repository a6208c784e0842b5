/**
 * A first look at a Vikunja export's data.json in a worker thread, before the server parses it
 * itself: parsing a large file would hold the event loop (every other request waits), and a file
 * of a million tasks needs more memory than the server should give one upload. The worker parses
 * and counts under a heap limit (ORDO_IMPORT_MAX_MEMORY) and answers only the counts, so a file
 * over a limit is refused without the main thread ever parsing it. The worker's source is plain
 * JavaScript run with `eval`, which needs no build step of its own.
 */
import { Worker } from 'node:worker_threads';
import { fail } from '../../http/api-error.js';
import { checkImportLimits, type ImportCountLimits, type ImportCounts } from './limits.js';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
function parse() {
  try {
    return JSON.parse(Buffer.from(workerData.json).toString('utf8').replace(/^\\uFEFF/, ''));
  } catch {
    return undefined;
  }
}
const data = parse();
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
if (data === undefined) parentPort.postMessage({ unreadable: true });
else {
  const { ownerId } = workerData;
  for (const p of list(data)) {
    if (ownerId === undefined || (p && p.owner && String(p.owner.id) === ownerId)) visit(p);
  }
  counts.labels = labels.size;
  parentPort.postMessage({ counts });
}
`;

/**
 * Counts data.json (or an Ordo export's projects.json) off the main thread; throws the catalogue
 * error for a file over a limit. With `ownerId`, only the projects of that owner count (the
 * ones an Ordo export's import takes).
 */
export async function gateExport(
  json: Buffer,
  limits: ImportCountLimits,
  maxMemory: number,
  ownerId?: string,
): Promise<void> {
  const answer = await new Promise<{ counts?: ImportCounts; unreadable?: boolean }>((resolve, reject) => {
    const megabytes = Math.max(16, Math.floor(maxMemory / (1024 * 1024)));
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { json, ownerId },
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
  });
  if (answer.unreadable || !answer.counts) throw fail('importFileIsEmpty');
  checkImportLimits(answer.counts, limits);
}
