/**
 * The first half of an import, the same on the main thread and in the import worker: the upload
 * read into a plan by its importer, counted and held to the limits, and fingerprinted for the
 * duplicate check. Throws the catalogue error for a file the server cannot use; nothing is
 * written yet.
 */
import { fingerprintOf } from './fingerprint-repo.js';
import type { FileImporter, ImportLimits, ReadImport } from './importer.js';
import { checkImportLimits, countPlan, type ImportCounts } from './limits.js';

export interface ReadUpload {
  read: ReadImport;
  counts: ImportCounts;
  sha256: string;
}

export async function readUpload(
  importer: FileImporter,
  bytes: Buffer,
  limits: ImportLimits,
  fileName: string,
): Promise<ReadUpload> {
  const read = await importer.read(bytes, limits, fileName);
  try {
    const counts = countPlan(read.plan);
    checkImportLimits(counts, limits.counts);
    return { read, counts, sha256: fingerprintOf(importer.name, read) };
  } catch (error) {
    read.close();
    throw error;
  }
}
