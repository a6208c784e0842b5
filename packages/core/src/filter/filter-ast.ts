import { type ErrorKey, errorCatalogue, formatCatalogueMessage } from '../errors.js';

/**
 * The syntax tree of a task filter (`filter=` on task lists, views and saved filters; reference
 * §4.1). The server translates it to SQL.
 *
 * `&&` and `||` are applied strictly left to right, with no precedence: `a || b && c` means
 * `(a || b) && c`. The tree is left-nested to say exactly that: every junction combines the result
 * so far (`left`) with the next term (`right`) using the join written before that term.
 * Parentheses only show up as a `right` (or a root) that is itself a junction.
 */
export type FilterNode = FilterCondition | FilterJunction;

export interface FilterJunction {
  type: 'junction';
  join: 'and' | 'or';
  left: FilterNode;
  right: FilterNode;
}

/** The comparators after the word operators are read (`?=` is `in`, `?!=` is `not in`, `~` is `like`). */
export type FilterComparator = '=' | '!=' | '>' | '>=' | '<' | '<=' | 'like' | 'in' | 'not in';

/** `!=` and `not in`: a task matches when none of its values is among the condition's. */
export function isNegativeComparator(comparator: FilterComparator): boolean {
  return comparator === '!=' || comparator === 'not in';
}

/**
 * How a field's values are typed:
 * - `bool`: `true/false/1/0/t/f` (also `T`, `F`, `TRUE`, `True`, …);
 * - `int`: safe integers; `float`: any finite number (`percent_done`, `position`);
 * - `string`: plain text, `like` means a substring match;
 * - `date`: the raw text (trimmed), validated at parse time; evaluate it with `resolveFilterDate`
 *   and the request's `filter_timezone`;
 * - `usernames`: usernames of assignees (EXISTS / NOT EXISTS; `like` is accepted and ignored);
 * - `labelIds`: label ids (EXISTS / NOT EXISTS).
 */
export type FilterFieldKind = 'bool' | 'int' | 'float' | 'string' | 'date' | 'usernames' | 'labelIds';

/** Task filter fields after aliasing (`project` is read as `project_id`). */
export type FilterField =
  | 'done'
  | 'priority'
  | 'percent_done'
  | 'repeat_after'
  | 'id'
  | 'index'
  | 'project_id'
  | 'created_by_id'
  | 'position'
  | 'bucket_id'
  | 'title'
  | 'description'
  | 'hex_color'
  | 'uid'
  | 'due_date'
  | 'start_date'
  | 'end_date'
  | 'done_at'
  | 'created'
  | 'updated'
  | 'reminders'
  | 'assignees'
  | 'labels';

/** A condition's field: a built-in one, or `custom` for a project's custom field (Ordo). */
export type FilterConditionField = FilterField | 'custom';

/**
 * The custom fields a filter may name, by lower-cased title, with the filter kind of each
 * (core's `customFilterFields` builds it from the fields of the projects a list covers).
 */
export type CustomFilterFields = ReadonlyMap<string, FilterFieldKind>;

interface ConditionOf<K extends FilterFieldKind, V> {
  type: 'condition';
  field: FilterConditionField;
  /** With `field: 'custom'`: the custom field's lower-cased title (a key of `CustomFilterFields`). */
  custom?: string;
  kind: K;
  comparator: FilterComparator;
  /** One value for single-valued comparators; one or more for `in` and `not in`. */
  values: V[];
}

export type FilterCondition =
  | ConditionOf<'bool', boolean>
  | ConditionOf<'int', number>
  | ConditionOf<'float', number>
  | ConditionOf<'string', string>
  | ConditionOf<'date', string>
  | ConditionOf<'usernames', string>
  | ConditionOf<'labelIds', number>;

export type FilterErrorKey =
  | 'invalidTaskField'
  | 'invalidFilterComparator'
  | 'invalidFilterConcatenator'
  | 'invalidFilterValue'
  | 'invalidFilterExpression';

/**
 * A filter the API rejects, with its catalogue entry and the message parameters: 4016 [field],
 * 4017 [comparator], 4018 [concatenator], 4019 [value, field], 4024 [expression, reason]. The
 * server answers `fail(error.key, error.params)`.
 */
export class FilterError extends Error {
  readonly code: number;
  readonly status: number;

  constructor(
    readonly key: FilterErrorKey & ErrorKey,
    readonly params: string[],
  ) {
    const entry = errorCatalogue[key];
    super(formatCatalogueMessage(entry.message, params));
    this.name = 'FilterError';
    this.code = entry.code;
    this.status = entry.status;
  }
}
