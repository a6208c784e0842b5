/**
 * The file importers by name, and the importer a worker thread makes again from what the main
 * thread sends it: a name and, for an importer made per upload (the CSV mapping), its `args`.
 */
import { CSV_IMPORTER_NAME, type CsvImporterArgs, csvImporter } from './csv/importer.js';
import type { FileImporter } from './importer.js';
import { tickTickImporter } from './ticktick/importer.js';
import { todoistImporter } from './todoist/importer.js';
import { trelloImporter } from './trello/importer.js';
import { vikunjaFileImporter } from './vikunja-file/importer.js';
import { wekanImporter } from './wekan/importer.js';

/**
 * The file importers, by the names in their paths and in /info's `available_migrators`. Todoist's
 * and Trello's are `todoist-csv` and `trello-json`: Vikunja's `todoist` and `trello` are OAuth
 * importers, and a Vikunja client that saw those names would offer a sign-in flow Ordo has not.
 */
export const FILE_IMPORTERS: readonly FileImporter[] = [
  vikunjaFileImporter,
  tickTickImporter,
  todoistImporter,
  trelloImporter,
  wekanImporter,
];

/** What a worker thread needs to make an importer again. */
export interface ImporterSpec {
  name: string;
  args?: unknown;
}

export function specOf(importer: FileImporter): ImporterSpec {
  return { name: importer.name, args: importer.args };
}

export function importerOf(spec: ImporterSpec): FileImporter {
  if (spec.name === CSV_IMPORTER_NAME) {
    const { options, read } = spec.args as CsvImporterArgs;
    return csvImporter(options, read);
  }
  const found = FILE_IMPORTERS.find((i) => i.name === spec.name);
  if (!found) throw new Error(`no importer named ${spec.name}`);
  return found;
}
