/** TickTick's backup CSV (Settings → Backup); see read-csv.ts for the layout. */
import type { FileImporter, ReadImport } from '../importer.js';
import { readTickTickCsv } from './read-csv.js';
import { tickTickToPlan } from './to-plan.js';

export const tickTickImporter: FileImporter = {
  name: 'ticktick',
  async read(bytes: Buffer): Promise<ReadImport> {
    return { plan: { projects: tickTickToPlan(readTickTickCsv(bytes)) }, close: () => {} };
  },
};
