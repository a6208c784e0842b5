/**
 * Writes a user's export as a zip file (yazl), streaming every part: the JSON is produced a page
 * at a time and the attachments are read from the file store as the zip is written, so neither is
 * held in memory whole.
 */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { FileStore } from '../attachments/files/store.js';
import type { ExportContents, ExportedFile } from './export-contents.js';

/** Tells someone who opens the zip what they are looking at. */
const README = `This is your data from Ordo.

account.json        your account and settings
projects.json       every project you can see: its views, buckets and tasks (with labels,
                    assignees, comments, relations, reminders, reactions and attachments)
labels.json         the labels you made
saved-filters.json  your saved filters
teams.json          the teams you are in
templates.json      the project and task templates you saved, with what each holds
files/<id>/<name>   the attachment files of those tasks, by the file id the tasks name
`;

export async function writeExportZip(
  contents: ExportContents,
  store: FileStore,
  target: string,
  now = new Date(),
): Promise<void> {
  const zip = new yazl.ZipFile();
  const options = { mtime: now };
  const written = pipeline(zip.outputStream, createWriteStream(target, { mode: 0o600 }));
  zip.once('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  zip.addBuffer(Buffer.from(README), 'README.txt', options);
  zip.addBuffer(Buffer.from(contents.account()), 'account.json', options);
  const files: ExportedFile[] = [];
  // yazl reads entries in order: projects.json is finished (and `files` filled) before the
  // attachments are added below.
  const projects = Readable.from(asBytes(contents.projects(files)), { objectMode: false });
  const projectsDone = new Promise<void>((resolve, reject) => {
    projects.once('end', resolve);
    projects.once('error', reject);
  });
  zip.addReadStream(projects, 'projects.json', options);
  zip.addBuffer(Buffer.from(await contents.labels()), 'labels.json', options);
  zip.addBuffer(Buffer.from(await contents.savedFilters()), 'saved-filters.json', options);
  zip.addBuffer(Buffer.from(await contents.teams()), 'teams.json', options);
  zip.addBuffer(Buffer.from(await contents.templates()), 'templates.json', options);
  await projectsDone;
  const added = new Set<number>();
  for (const file of files) {
    if (added.has(file.fileId)) continue;
    added.add(file.fileId);
    if (!(await isStored(store, file.fileId))) continue;
    // Opened when yazl reaches the entry, so only one file is open at a time.
    zip.addReadStreamLazy(file.path, options, (done) => {
      store.open(file.fileId).then(
        (stream) => done(null, stream),
        (error) => done(error, Readable.from([])),
      );
    });
  }
  zip.end();
  await written;
}

/** zip entries count bytes, so the JSON text goes in as UTF-8 buffers, not strings. */
async function* asBytes(chunks: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) yield Buffer.from(chunk, 'utf8');
}

/** A file whose bytes are gone (a crash before the orphan sweep) has nothing to export. */
async function isStored(store: FileStore, fileId: number): Promise<boolean> {
  try {
    (await store.open(fileId)).destroy();
    return true;
  } catch {
    return false;
  }
}
