/**
 * The task fields a column of a generic CSV file can fill (the `attribute` of a column mapping),
 * and the header names (English and German) that suggest each one. The first ten are Vikunja's
 * CSV import attributes; done_at, percent_done and bucket are Ordo's own, which Vikunja's clients
 * never send. A project's CSV export writes the first name of each field, so an export maps
 * itself when imported again.
 */
export const CSV_TASK_FIELDS = [
  'title',
  'description',
  'due_date',
  'start_date',
  'end_date',
  'done',
  'priority',
  'labels',
  'project',
  'reminder',
  'done_at',
  'percent_done',
  'bucket',
] as const;

export type CsvTaskField = (typeof CSV_TASK_FIELDS)[number];

/** What a column is mapped to: a task field, or nothing. */
export type CsvColumnTarget = CsvTaskField | 'ignore';

export const CSV_DATE_FIELDS: readonly CsvTaskField[] = [
  'due_date',
  'start_date',
  'end_date',
  'reminder',
  'done_at',
];

/** The one field several columns may fill: their labels are put together. */
const REPEATABLE: ReadonlySet<string> = new Set(['labels']);

/** Header names per field, the export's own first; compared after `headerKey`. */
const HEADER_NAMES: Record<CsvTaskField, readonly string[]> = {
  title: ['Title', 'Titel', 'Name', 'Task', 'Aufgabe', 'Summary', 'Subject', 'Betreff', 'Task name'],
  description: ['Description', 'Beschreibung', 'Notes', 'Notizen', 'Note', 'Notiz', 'Details', 'Content'],
  done: ['Done', 'Erledigt', 'Completed', 'Complete', 'Abgeschlossen', 'Fertig', 'Is done'],
  done_at: [
    'Done at',
    'Erledigt am',
    'Completed at',
    'Completion date',
    'Completed date',
    'Abgeschlossen am',
  ],
  due_date: ['Due date', 'Due', 'Fällig', 'Fällig am', 'Fälligkeit', 'Fälligkeitsdatum', 'Deadline', 'Frist'],
  start_date: ['Start date', 'Start', 'Startdatum', 'Beginn', 'Anfang', 'Begins'],
  end_date: ['End date', 'End', 'Ende', 'Enddatum', 'Ends'],
  priority: ['Priority', 'Priorität', 'Prio'],
  percent_done: ['Percent done', 'Progress', 'Fortschritt', '% done', 'Prozent erledigt', 'Percent complete'],
  labels: ['Labels', 'Label', 'Tags', 'Tag', 'Schlagwörter', 'Etiketten', 'Categories', 'Kategorien'],
  bucket: ['Bucket', 'Status', 'Column', 'Spalte', 'Stage', 'Phase', 'Kanban'],
  project: ['Project', 'Projekt', 'List', 'Liste', 'List name'],
  reminder: ['Reminder', 'Erinnerung', 'Remind', 'Remind me', 'Alert', 'Reminder date'],
};

/** The name a project's CSV export gives each field's column. */
export function csvHeaderOf(field: CsvTaskField): string {
  return HEADER_NAMES[field][0] as string;
}

/** A header as compared: lower case, umlauts folded, punctuation and spaces dropped. */
export function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/%/g, 'percent')
    .replace(/[^a-z0-9]/g, '');
}

const FIELD_OF_KEY = new Map<string, CsvTaskField>(
  CSV_TASK_FIELDS.flatMap((field) => HEADER_NAMES[field].map((name) => [headerKey(name), field] as const)),
);

/**
 * A suggested target for each column by its header: the field it names, each field at most once
 * (the leftmost column naming it), the rest ignored.
 */
export function suggestCsvMapping(headers: readonly string[]): CsvColumnTarget[] {
  const taken = new Set<CsvTaskField>();
  return headers.map((header) => {
    const field = FIELD_OF_KEY.get(headerKey(header));
    if (!field || taken.has(field)) return 'ignore';
    taken.add(field);
    return field;
  });
}

/** Why a mapping cannot be used, or null: the title is needed, and each field once (labels aside). */
export function csvMappingProblem(mapping: readonly string[]): string | null {
  const known = new Set<string>([...CSV_TASK_FIELDS, 'ignore']);
  const unknown = mapping.find((target) => !known.has(target));
  if (unknown !== undefined) return `"${unknown}" is not a task field`;
  const used = mapping.filter((target) => target !== 'ignore' && !REPEATABLE.has(target));
  const twice = used.find((target, i) => used.indexOf(target) !== i);
  if (twice) return `"${twice}" is mapped to more than one column`;
  if (!mapping.includes('title')) return 'no column is mapped to the title';
  return null;
}
