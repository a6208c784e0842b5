/**
 * Vikunja's data export (a zip: `data.json` with the projects, `files/<id>` with attachment bytes,
 * `filters.json`, `VERSION`), or Ordo's own (../ordo-export/read.ts), told apart by what the zip
 * holds. Not a zip → 14001; no data.json, or one that holds no projects → 14002. The file is counted in a worker first (read-gate.ts), so one over a limit is refused
 * before the server parses it. Attachments over the attachment size limit are left out, as Vikunja does.
 */
import { createHash } from 'node:crypto';
import { fail } from '../../../http/api-error.js';
import type { FileImporter, ImportLimits, ReadImport } from '../importer.js';
import { isOrdoExport, readOrdoExport } from '../ordo-export/read.js';
import { gateExport } from '../read-gate.js';
import { parseJsonFile } from './json-values.js';
import { type AttachmentSource, vikunjaExportToPlan } from './to-plan.js';
import { ZipArchive } from './zip-archive.js';

export const vikunjaFileImporter: FileImporter = {
  name: 'vikunja-file',
  async read(bytes: Buffer, limits: ImportLimits): Promise<ReadImport> {
    const archive = await ZipArchive.open(bytes, {
      maxEntry: limits.maxUnpacked,
      maxTotal: limits.maxUnpacked,
    });
    try {
      if (isOrdoExport(archive)) return await readOrdoExport(archive, limits);
      if (!archive.has('data.json')) throw fail('importFileIsEmpty');
      const json = await archive.read('data.json', limits.maxUnpacked);
      await gateExport({ projects: json }, limits.counts, limits.maxMemory);
      const data = parseJsonFile(json);
      if (!Array.isArray(data) || data.length === 0) throw fail('importFileIsEmpty');
      const attachment: AttachmentSource = (fileId, name, mime) => {
        const entry = `files/${fileId}`;
        const size = archive.sizeOf(entry);
        if (!fileId || size === undefined || size > limits.maxFileSize) return undefined;
        return { name, mime, read: () => archive.read(entry, limits.maxFileSize) };
      };
      return {
        plan: { projects: vikunjaExportToPlan(data, { attachment }) },
        // data.json is the content; the zip around it differs with every download.
        content: createHash('sha256').update(json).digest('hex'),
        close: () => archive.close(),
      };
    } catch (error) {
      archive.close();
      throw error;
    }
  },
};
