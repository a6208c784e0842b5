/**
 * The table view's columns (spec 2 §2 table): which are shown is kept per view in localStorage
 * (`tableViewColumns-{viewId}`); each sortable column names the server field it sorts by. Each of
 * the project's custom fields is a column too (`field_<id>`, shown unless turned off), sorted
 * by the server as `field_<id>`.
 */
export const TABLE_COLUMNS = [
  { key: 'index', sortField: 'index', defaultShown: true },
  { key: 'done', sortField: 'done', defaultShown: true },
  { key: 'title', sortField: 'title', defaultShown: true },
  { key: 'priority', sortField: 'priority', defaultShown: true },
  { key: 'labels', sortField: null, defaultShown: true },
  { key: 'assignees', sortField: null, defaultShown: true },
  { key: 'dueDate', sortField: 'due_date', defaultShown: true },
  { key: 'startDate', sortField: 'start_date', defaultShown: false },
  { key: 'endDate', sortField: 'end_date', defaultShown: false },
  { key: 'percentDone', sortField: 'percent_done', defaultShown: false },
  { key: 'doneAt', sortField: 'done_at', defaultShown: false },
  { key: 'created', sortField: 'created', defaultShown: false },
  { key: 'updated', sortField: 'updated', defaultShown: false },
  { key: 'createdBy', sortField: null, defaultShown: false },
] as const;

export type ColumnKey = (typeof TABLE_COLUMNS)[number]['key'];
export type FieldColumnKey = `field_${number}`;
export type ShownColumns = Record<ColumnKey, boolean> & { [field: FieldColumnKey]: boolean };

const fieldColumn = /^field_\d+$/;

/** Is a custom field's column shown? New fields are, until the user turns them off. */
export function fieldColumnShown(shown: ShownColumns, fieldId: number): boolean {
  return shown[`field_${fieldId}`] ?? true;
}

export function columnsStorageKey(viewId: number): string {
  return `tableViewColumns-${viewId}`;
}

export function defaultColumns(): ShownColumns {
  return Object.fromEntries(TABLE_COLUMNS.map((c) => [c.key, c.defaultShown])) as ShownColumns;
}

/** Stored choices over the defaults; unknown keys and non-boolean values are ignored. */
export function readColumns(viewId: number, storage: Storage = localStorage): ShownColumns {
  const shown = defaultColumns();
  try {
    const stored = JSON.parse(storage.getItem(columnsStorageKey(viewId)) ?? '{}') as Record<string, unknown>;
    for (const column of TABLE_COLUMNS) {
      if (typeof stored[column.key] === 'boolean') shown[column.key] = stored[column.key] as boolean;
    }
    for (const [key, value] of Object.entries(stored)) {
      if (fieldColumn.test(key) && typeof value === 'boolean') shown[key as FieldColumnKey] = value;
    }
  } catch {
    // Unreadable storage: the defaults.
  }
  return shown;
}

export function saveColumns(viewId: number, shown: ShownColumns, storage: Storage = localStorage): void {
  storage.setItem(columnsStorageKey(viewId), JSON.stringify(shown));
}

export interface TableSort {
  field: string;
  order: 'asc' | 'desc';
}

export const DEFAULT_TABLE_SORT: TableSort = { field: 'index', order: 'desc' };

/** A click on a header: a new column sorts ascending, the same column flips its order. */
export function nextSort(current: TableSort, field: string): TableSort {
  if (current.field !== field) return { field, order: 'asc' };
  return { field, order: current.order === 'asc' ? 'desc' : 'asc' };
}
