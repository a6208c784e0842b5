/**
 * Ordo's own data export (Settings → Export: a zip of account.json, projects.json, labels.json,
 * saved-filters.json, teams.json, templates.json and files/<id>/<name>), taken by the same upload
 * as a Vikunja export. projects.json has the shape of a Vikunja data.json (with Ordo's extra keys:
 * custom fields, each task's buckets, comments' authors), so it is read by the same code.
 *
 * Only the projects the exported account owned are imported: the export also lists projects
 * others shared with the account, which stay with their owners (and move with their owners'
 * exports), so a server moved account by account ends up with each project once. labels.json
 * brings the account's labels that no task carries. Saved filters, teams, templates, shares and
 * assignees are not imported: they name other people and other rows of the old server by id.
 */
import { createHash } from 'node:crypto';
import { fail } from '../../../http/api-error.js';
import type { ImportLimits, ReadImport } from '../importer.js';
import { gateExport } from '../read-gate.js';
import { keyOf, objectOf, parseJsonFile } from '../vikunja-file/json-values.js';
import { type AttachmentSource, labelsOf, vikunjaExportToPlan } from '../vikunja-file/to-plan.js';
import type { ZipArchive } from '../vikunja-file/zip-archive.js';

/** An Ordo export names its account and projects; a Vikunja export has data.json instead. */
export function isOrdoExport(archive: ZipArchive): boolean {
  return !archive.has('data.json') && archive.has('projects.json') && archive.has('account.json');
}

/** Reads the export; 14002 when a part is not readable JSON or the account owned no project. */
export async function readOrdoExport(archive: ZipArchive, limits: ImportLimits): Promise<ReadImport> {
  const json = await archive.read('projects.json', limits.maxUnpacked);
  const labelsJson = archive.has('labels.json')
    ? await archive.read('labels.json', limits.maxUnpacked)
    : Buffer.from('[]');
  // Every part is parsed and counted in the gate's worker first, under its memory limit.
  const { accountId } = await gateExport(
    { projects: json, account: await archive.read('account.json', limits.maxUnpacked), labels: labelsJson },
    limits.counts,
    limits.maxMemory,
  );
  if (!accountId) throw fail('importFileIsEmpty');
  const data = parseJsonFile(json);
  if (!Array.isArray(data)) throw fail('importFileIsEmpty');
  const owned = data.filter((p) => keyOf(objectOf(objectOf(p).owner).id) === accountId);
  if (owned.length === 0) throw fail('importFileIsEmpty');
  return {
    plan: {
      projects: vikunjaExportToPlan(owned, { attachment: attachmentsOf(archive, limits), accountId }),
      labels: labelsOf(parseJsonFile(labelsJson)),
    },
    // The zip around them differs with every download; the JSON of the same data does not.
    content: createHash('sha256').update(json).update(labelsJson).digest('hex'),
    close: () => archive.close(),
  };
}

/** Attachments by file id: the export keeps each as files/<id>/<its name, made safe>. */
function attachmentsOf(archive: ZipArchive, limits: ImportLimits): AttachmentSource {
  const entries = new Map<string, string>();
  for (const name of archive.namesUnder('files/')) {
    const slash = name.indexOf('/');
    if (slash > 0 && slash < name.length - 1) entries.set(name.slice(0, slash), `files/${name}`);
  }
  return (fileId, name, mime) => {
    const entry = entries.get(fileId);
    const size = entry === undefined ? undefined : archive.sizeOf(entry);
    if (!entry || size === undefined || size > limits.maxFileSize) return undefined;
    return { name, mime, read: () => archive.read(entry, limits.maxFileSize) };
  };
}
