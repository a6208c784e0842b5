/** WeKan's board JSON export; see read-json.ts for the fields and to-plan.ts for the mapping. */
import type { FileImporter, ImportLimits, ReadImport } from '../importer.js';
import { readWekanJson } from './read-json.js';
import { wekanToPlan } from './to-plan.js';

export const wekanImporter: FileImporter = {
  name: 'wekan',
  async read(bytes: Buffer, limits: ImportLimits): Promise<ReadImport> {
    return { plan: { projects: [wekanToPlan(readWekanJson(bytes), limits.maxFileSize)] }, close: () => {} };
  },
};
