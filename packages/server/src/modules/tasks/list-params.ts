/** Reading the query of the task list endpoints (reference §4.2). */
import { ApiError, fail } from '../../http/api-error.js';
import { type Page, parsePage } from '../../http/pagination.js';
import { checkFilterTimezone } from '../input/filter-timezone.js';

export const SORTABLE_FIELDS = new Set([
  'id',
  'title',
  'description',
  'done',
  'done_at',
  'due_date',
  'created_by_id',
  'project_id',
  'repeat_after',
  'priority',
  'start_date',
  'end_date',
  'hex_color',
  'percent_done',
  'uid',
  'created',
  'updated',
  'position',
  'bucket_id',
  'index',
]);

/** `field_<id>`: a custom field's id when the sort field names one (Ordo). */
export function customSortFieldId(field: string): number | undefined {
  const match = /^field_(\d{1,9})$/.exec(field);
  return match ? Number(match[1]) : undefined;
}

export const EXPAND_VALUES = [
  'subtasks',
  'buckets',
  'reactions',
  'comments',
  'comment_count',
  'time_entries_count',
  'is_unread',
];

export interface SortParam {
  field: string;
  order: 'asc' | 'desc';
}

export interface TaskListParams {
  page: Page;
  sort: SortParam[];
  s: string;
  filter: string;
  filterIncludeNulls: boolean;
  filterTimezone: string;
  expand: Set<string>;
}

/** A query value that may repeat (`a=1&a=2`), use the `a[]` form, or be a comma list. */
export function queryList(query: Record<string, unknown>, key: string): string[] {
  const raw = [query[key], query[`${key}[]`]].flatMap((v) =>
    v === undefined ? [] : Array.isArray(v) ? v : [v],
  );
  return raw
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

function queryText(query: Record<string, unknown>, key: string): string {
  const value = query[key];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === null ? '' : String(first);
}

export function readExpand(query: Record<string, unknown>): Set<string> {
  const expand = queryList(query, 'expand');
  if (expand.some((e) => !EXPAND_VALUES.includes(e))) {
    throw new ApiError(412, 2002, `Expand must be one of the following values: ${EXPAND_VALUES.join(', ')}`, {
      invalid_fields: ['expand'],
    });
  }
  return new Set(expand);
}

export function readSort(query: Record<string, unknown>): SortParam[] {
  const sortBy = queryList(query, 'sort_by').filter((f) => f !== 'relevance');
  const orderBy = queryList(query, 'order_by');
  if (orderBy.length > sortBy.length && sortBy.length > 0)
    throw fail('invalidSortParam', [orderBy.join(',')]);
  return sortBy.map((field, i) => {
    if (!SORTABLE_FIELDS.has(field) && customSortFieldId(field) === undefined)
      throw fail('invalidTaskField', [field]);
    const order = (orderBy[i] ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw fail('invalidSortOrder', [orderBy[i]]);
    return { field, order };
  });
}

export function readTaskListParams(query: Record<string, unknown>, maxPerPage: number): TaskListParams {
  const timezone = checkFilterTimezone(queryText(query, 'filter_timezone'));
  const includeNulls = queryText(query, 'filter_include_nulls').toLowerCase();
  return {
    page: parsePage(query, maxPerPage),
    sort: readSort(query),
    s: queryText(query, 's').trim(),
    filter: queryText(query, 'filter').trim(),
    filterIncludeNulls: includeNulls === 'true' || includeNulls === '1',
    filterTimezone: timezone,
    expand: readExpand(query),
  };
}
