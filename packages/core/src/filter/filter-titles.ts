import { type FilterClause, findFilterClauses } from './filter-clauses.js';

/**
 * The filter editor shows label and project titles and camelCase fields; the API wants ids and
 * snake_case (behaviour.md §4.3, §4.4). Lookups are synchronous and answer null or undefined when
 * nothing matches.
 */
export interface FilterTitleLookups {
  labelIdByTitle(title: string): number | null | undefined;
  projectIdByTitle(title: string): number | null | undefined;
}

export interface FilterIdLookups {
  labelTitleById(id: number): string | null | undefined;
  projectTitleById(id: number): string | null | undefined;
}

/** The frontend's field vocabulary (behaviour.md §4.1). */
export const filterEditorFields = [
  'dueDate',
  'startDate',
  'endDate',
  'doneAt',
  'reminders',
  'created',
  'updated',
  'assignees',
  'labels',
  'project',
  'done',
  'priority',
  'percentDone',
] as const;

const snakeCaseFields: Readonly<Record<string, string>> = {
  percentDone: 'percent_done',
  dueDate: 'due_date',
  startDate: 'start_date',
  endDate: 'end_date',
  doneAt: 'done_at',
};

const editorFieldByLowerCase = new Map<string, string>(
  filterEditorFields.map((field) => [field.toLowerCase(), field]),
);

interface Replacement {
  start: number;
  end: number;
  text: string;
}

function applyReplacements(text: string, replacements: Replacement[]): string {
  let result = text;
  for (const { start, end, text: replacement } of [...replacements].sort((a, b) => b.start - a.start)) {
    result = result.slice(0, start) + replacement + result.slice(end);
  }
  return result;
}

/** `labels` clauses first, then `project` clauses, each in text order. */
function titledClauses(clauses: FilterClause[]): { clause: FilterClause; field: 'labels' | 'project' }[] {
  return (['labels', 'project'] as const).flatMap((field) =>
    clauses.filter((clause) => clause.field.toLowerCase() === field).map((clause) => ({ clause, field })),
  );
}

/**
 * Editor text → API text: field names normalised (any case) and turned into snake_case, label and
 * project titles replaced by ids. A title that is not found stays as typed, without quotes.
 */
export function filterTitlesToIds(text: string, lookups: FilterTitleLookups): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const clauses = findFilterClauses(trimmed);
  const replacements: Replacement[] = [];
  for (const { clause, field } of titledClauses(clauses)) {
    const lookup = (title: string) =>
      field === 'labels' ? lookups.labelIdByTitle(title) : lookups.projectIdByTitle(title);
    const parts = clause.parts.map((part) => {
      const id = lookup(part) ?? (part.includes('\\') ? lookup(part.replaceAll('\\', '')) : undefined);
      return id === null || id === undefined ? part : String(id);
    });
    const value = parts.join(', ').replace(/['"]/g, '');
    replacements.push({
      start: clause.fieldStart,
      end: clause.valueEnd,
      text: `${field} ${clause.operator} ${value}`,
    });
  }
  for (const clause of clauses) {
    const field = editorFieldByLowerCase.get(clause.field.toLowerCase());
    if (!field || field === 'labels' || field === 'project') continue;
    replacements.push({
      start: clause.fieldStart,
      end: clause.fieldEnd,
      text: snakeCaseFields[field] ?? field,
    });
  }
  return applyReplacements(trimmed, replacements);
}

/** API text → editor text: snake_case fields become camelCase, label and project ids become titles. */
export function filterIdsToTitles(text: string, lookups: FilterIdLookups): string {
  if (text.trim() === '') return '';
  let camel = text;
  for (const [camelName, snakeName] of Object.entries(snakeCaseFields))
    camel = camel.replaceAll(snakeName, camelName);
  const replacements: Replacement[] = [];
  for (const { clause, field } of titledClauses(findFilterClauses(camel))) {
    const lookup = (id: number) =>
      field === 'labels' ? lookups.labelTitleById(id) : lookups.projectTitleById(id);
    const parts = clause.parts.map((part) => (/^\d+$/.test(part) ? lookup(Number(part)) || part : part));
    replacements.push({
      start: clause.fieldStart,
      end: clause.valueEnd,
      text: `${field} ${clause.operator} ${parts.join(', ')}`,
    });
  }
  return applyReplacements(camel, replacements);
}
