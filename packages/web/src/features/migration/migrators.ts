/**
 * The importers the web app knows (spec 2 §2 import screens): which file each takes and how to get
 * it. Only those the server lists in /info `available_migrators` are offered.
 */

import type { DropzoneProps } from '@mantine/dropzone';
import { type Icon, IconFileSpreadsheet, IconFileZip, IconJson } from '@tabler/icons-react';

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

export const MIGRATORS: readonly Migrator[] = [
  {
    id: 'vikunja-file',
    name: 'Vikunja',
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
];

export function availableMigrators(names: readonly string[] | undefined): Migrator[] {
  return MIGRATORS.filter((m) => names?.includes(m.id));
}
