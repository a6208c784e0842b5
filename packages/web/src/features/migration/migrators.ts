/**
 * The importers the web app knows (spec 2 §2 import screens): which file each takes and how to get
 * it. Only those the server lists in /info `available_migrators` are offered.
 */

import type { DropzoneProps } from '@mantine/dropzone';
import { type Icon, IconFileSpreadsheet, IconFileZip, IconJson, IconTable } from '@tabler/icons-react';

export interface Migrator {
  /** The name in the API paths and in /migrate/{service}. */
  id: string;
  name: string;
  icon: Icon;
  color: string;
  /** The translation key prefix: `.description` and `.howTo`. */
  i18n: string;
  /** The file types the picker offers. */
  accept: NonNullable<DropzoneProps['accept']>;
  extension: string;
}

/** A CSV file from any app, its columns mapped by the user on its own screen (/migrate/csv). */
export const CSV_MIGRATOR: Migrator = {
  id: 'csv',
  name: 'CSV',
  icon: IconTable,
  color: 'grape',
  i18n: 'csvImport.service',
  accept: {
    'text/csv': ['.csv'],
    'text/tab-separated-values': ['.tsv'],
    'text/plain': ['.txt', '.csv', '.tsv'],
    'application/vnd.ms-excel': ['.csv'],
  },
  extension: '.csv',
};

export const MIGRATORS: readonly Migrator[] = [
  {
    id: 'vikunja-file',
    // The same upload takes Ordo's own data export (another Ordo server's) and Vikunja's.
    name: 'Ordo / Vikunja',
    icon: IconFileZip,
    color: 'indigo',
    i18n: 'migration.services.vikunjaFile',
    accept: { 'application/zip': ['.zip'], 'application/x-zip-compressed': ['.zip'] },
    extension: '.zip',
  },
  {
    id: 'ticktick',
    name: 'TickTick',
    icon: IconFileSpreadsheet,
    color: 'teal',
    i18n: 'migration.services.ticktick',
    accept: { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] },
    extension: '.csv',
  },
  {
    id: 'todoist-csv',
    name: 'Todoist',
    icon: IconFileSpreadsheet,
    color: 'red',
    i18n: 'migration.services.todoist',
    accept: { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] },
    extension: '.csv',
  },
  {
    id: 'trello-json',
    name: 'Trello',
    icon: IconJson,
    color: 'blue',
    i18n: 'migration.services.trello',
    accept: { 'application/json': ['.json'] },
    extension: '.json',
  },
  {
    id: 'wekan',
    name: 'WeKan',
    icon: IconJson,
    color: 'cyan',
    i18n: 'migration.services.wekan',
    accept: { 'application/json': ['.json'] },
    extension: '.json',
  },
  CSV_MIGRATOR,
];

export function availableMigrators(names: readonly string[] | undefined): Migrator[] {
  return MIGRATORS.filter((m) => names?.includes(m.id));
}
