/** Todoist's project CSV export; see read-csv.ts for the layout and to-plan.ts for the mapping. */
import type { FileImporter, ReadImport } from '../importer.js';
import { readTodoistCsv } from './read-csv.js';
import { todoistToPlan } from './to-plan.js';

export const todoistImporter: FileImporter = {
  name: 'todoist-csv',
  async read(bytes: Buffer, _limits, fileName = ''): Promise<ReadImport> {
    const rows = readTodoistCsv(bytes);
    return { plan: { projects: [todoistToPlan(rows, fileName)] }, content: rows, close: () => {} };
  },
};
