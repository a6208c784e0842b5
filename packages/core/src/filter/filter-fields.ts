import type { DateMathOptions } from '../date-math/date-math.js';
import { readDateFilterValue } from '../date-math/date-value.js';
import type { FilterComparator, FilterField, FilterFieldKind } from './filter-ast.js';

/** The task filter fields of reference §4.1 and how their values are typed. */
export const filterFieldKinds: Readonly<Record<FilterField, FilterFieldKind>> = {
  done: 'bool',
  priority: 'int',
  percent_done: 'float',
  repeat_after: 'int',
  id: 'int',
  index: 'int',
  project_id: 'int',
  created_by_id: 'int',
  position: 'float',
  bucket_id: 'int',
  title: 'string',
  description: 'string',
  hex_color: 'string',
  uid: 'string',
  due_date: 'date',
  start_date: 'date',
  end_date: 'date',
  done_at: 'date',
  created: 'date',
  updated: 'date',
  reminders: 'date',
  assignees: 'usernames',
  labels: 'labelIds',
};

const fieldAliases: Readonly<Record<string, FilterField>> = { project: 'project_id' };

/** The field a name in a filter stands for (`project` → `project_id`), or undefined when unknown. */
export function filterFieldOf(name: string): FilterField | undefined {
  if (Object.hasOwn(fieldAliases, name)) return fieldAliases[name];
  return Object.hasOwn(filterFieldKinds, name) ? (name as FilterField) : undefined;
}

export const multiValueComparators: ReadonlySet<FilterComparator> = new Set(['in', 'not in']);

const rangeComparators: ReadonlySet<FilterComparator> = new Set(['>', '>=', '<', '<=']);

/**
 * Can this comparator be used on a field of this kind? Equality and lists work everywhere; ranges
 * need an ordered value (numbers, dates, text); `like` needs text (on assignees it is accepted and
 * ignored, as in Vikunja).
 */
export function comparatorFits(kind: FilterFieldKind, comparator: FilterComparator): boolean {
  if (comparator === 'like') return kind === 'string' || kind === 'usernames';
  if (rangeComparators.has(comparator))
    return kind === 'int' || kind === 'float' || kind === 'string' || kind === 'date';
  return true;
}

/** Evaluate a date value of the tree in the request's filter time zone. Throws `DateMathError`. */
export function resolveFilterDate(raw: string, options: DateMathOptions): Date {
  return readDateFilterValue(raw, options);
}
