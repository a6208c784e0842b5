/** Trello's board JSON export; see read-json.ts for the fields and to-plan.ts for the mapping. */
import type { FileImporter, ReadImport } from '../importer.js';
import { readTrelloJson } from './read-json.js';
import { trelloToPlan } from './to-plan.js';

export const trelloImporter: FileImporter = {
  name: 'trello-json',
  async read(bytes: Buffer): Promise<ReadImport> {
    return { plan: { projects: [trelloToPlan(readTrelloJson(bytes))] }, close: () => {} };
  },
};
