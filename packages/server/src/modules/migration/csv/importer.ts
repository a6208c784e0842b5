/** A generic CSV file, read by the column mapping the user chose (to-plan.ts). */
import { fail } from '../../../http/api-error.js';
import type { FileImporter, ReadImport } from '../importer.js';
import { type CsvReadOptions, readCsvTable } from './read-csv.js';
import { type CsvImportOptions, csvToPlan } from './to-plan.js';

export const CSV_IMPORTER_NAME = 'csv';

export interface CsvImporterArgs {
  options: CsvImportOptions;
  read: CsvReadOptions;
}

export function csvImporter(options: CsvImportOptions, read: CsvReadOptions): FileImporter {
  return {
    name: CSV_IMPORTER_NAME,
    args: { options, read } satisfies CsvImporterArgs,
    async read(bytes: Buffer): Promise<ReadImport> {
      const table = readCsvTable(bytes, read);
      if (table.rows.length === 0) throw fail('importFileIsEmpty');
      if (options.columns.length !== table.header.length) {
        throw fail('importCsvBadMapping', [
          `the file has ${table.header.length} columns and the mapping names ${options.columns.length}`,
        ]);
      }
      return { plan: { projects: [csvToPlan(table, options)] }, close: () => {} };
    },
  };
}
