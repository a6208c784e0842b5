/**
 * Translates a parsed task filter (core's `FilterNode`) into SQL conditions on the task list
 * query: bound parameters only, and/or strictly left to right as the tree is nested, EXISTS
 * sub-queries for labels, `filter_include_nulls` per reference §4.1. Nothing is filtered in
 * JavaScript.
 */
import {
  type FilterComparator,
  type FilterCondition,
  FilterError,
  type FilterNode,
  isNegativeComparator as isNegative,
  parseFilter,
  resolveFilterDate,
  toIsoSeconds,
} from '@ordo/core';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { fail } from '../../http/api-error.js';
import { customFieldRows, type FieldValuesMatch, type ValueEb } from '../custom-fields/filter-match.js';
import { CustomFieldScope } from '../custom-fields/filter-scope.js';
import { likeIgnoringCase } from '../input/like.js';
import { readingView, type TaskCondition } from './task-condition.js';

type Eb = Parameters<TaskCondition>[0];

/**
 * A field kept in a table another module owns (assignees, reminders). It answers the EXISTS
 * sub-query for tasks having a matching row, and the one for tasks having any row at all.
 */
export interface SubTableFilter {
  matching(eb: Eb, comparator: FilterComparator, values: readonly (string | number)[]): Expression<SqlBool>;
  any(eb: Eb): Expression<SqlBool>;
  /** Tasks having one row that meets every one of these range conditions (reminders). */
  matchingAll?(
    eb: Eb,
    conditions: readonly { comparator: RangeComparator; value: string }[],
  ): Expression<SqlBool>;
}

export type RangeComparator = '=' | '>' | '>=' | '<' | '<=';
const RANGE_COMPARATORS: readonly FilterComparator[] = ['=', '>', '>=', '<', '<='];

function isReminderRange(node: FilterNode): node is FilterCondition {
  return (
    node.type !== 'junction' && node.field === 'reminders' && RANGE_COMPARATORS.includes(node.comparator)
  );
}

/** The terms of a run of `&&` (left-nested, so the order of the terms does not matter). */
function andTerms(node: FilterNode): FilterNode[] {
  if (node.type !== 'junction' || node.join !== 'and') return [node];
  return [...andTerms(node.left), node.right];
}

const NEVER = sql<SqlBool>`1 = 0`;

/** The column a filter field compares; values are typed by the parser, so the column is untyped here. */
function columnOf(field: string): RawBuilder<unknown> {
  if (field === 'position') return sql.ref('tp.position');
  if (field === 'bucket_id') return sql.ref('tb.bucket_id');
  return sql.ref(`tasks.${field}`);
}

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const fitsInt32 = (value: number) => value >= INT32_MIN && value <= INT32_MAX;
/** The filter fields kept in 32-bit integer columns (repeat_after is a bigint). */
const INT32_FIELDS = new Set(['id', 'index', 'project_id', 'created_by_id', 'bucket_id', 'priority']);

/**
 * A 32-bit column compared with a number past its range (the parser takes any safe integer):
 * PostgreSQL refuses to bind such a number to the column's type, so the comparison is written as
 * what it means instead: `= 2^40` matches nothing, `!= 2^40` and `< 2^40` every task with a value,
 * and list items past the range drop out. Undefined when every value fits.
 */
function pastInt32(
  eb: Eb,
  column: RawBuilder<unknown>,
  comparator: FilterComparator,
  values: number[],
): Expression<SqlBool> | undefined {
  if (values.every(fitsInt32)) return undefined;
  const fitting = values.filter(fitsInt32);
  const everyRow = eb(column, 'is not', null);
  switch (comparator) {
    case 'in':
      return fitting.length ? eb(column, 'in', fitting) : NEVER;
    case 'not in':
      return fitting.length ? eb(column, 'not in', fitting) : everyRow;
    case '=':
      return NEVER;
    case '>':
    case '>=':
      return values[0] > INT32_MAX ? NEVER : everyRow;
    case '<':
    case '<=':
      return values[0] < INT32_MIN ? NEVER : everyRow;
    default:
      return everyRow;
  }
}

/** Every priority a task can have: writes refuse anything outside 0–5. */
const PRIORITIES = [0, 1, 2, 3, 4, 5];

/**
 * `priority >= 3` as `priority IN (3, 4, 5)`: the index (project, priority, due date) is then read
 * as one range per priority, each narrowed by a due-date bound too, where a range on priority
 * leaves the due date to be checked entry by entry (100,000 tasks, `priority >= 3 && due_date <
 * now+30d`: the count of 20,000 matches 1.8 → 0.5 ms on SQLite).
 */
function priorityRange(eb: Eb, column: RawBuilder<unknown>, comparator: FilterComparator, value: number) {
  const holds: Record<string, (p: number) => boolean> = {
    '>': (p) => p > value,
    '>=': (p) => p >= value,
    '<': (p) => p < value,
    '<=': (p) => p <= value,
  };
  const test = holds[comparator];
  if (!test) return eb(column, comparator as '>', value);
  const covered = PRIORITIES.filter(test);
  return covered.length === 0 ? NEVER : eb(column, 'in', covered);
}

/** What one translation carries down the tree. */
interface Translation {
  includeNulls: boolean;
  /** Date values resolved up front, by condition. */
  dates: Map<FilterCondition, string[]>;
  bucketFilter?: (index: number) => TaskCondition[];
  /** The custom fields the filter was parsed with. */
  fields: CustomFieldScope;
  /** The query walks the tasks in id order (see TaskCondition). */
  walking?: boolean;
}

/** Does any condition of the tree pass `test`? */
function mentions(tree: FilterNode | null, test: (condition: FilterCondition) => boolean): boolean {
  if (tree === null) return false;
  return tree.type === 'junction' ? mentions(tree.left, test) || mentions(tree.right, test) : test(tree);
}

/**
 * Does the translated tree read the view's columns: `position` (tp), or `bucket_id` (tb) unless a
 * filter-mode view's bucket filters stand for it?
 */
function readsView(tree: FilterNode, bucketFilter?: (index: number) => TaskCondition[]): boolean {
  if (tree.type === 'junction')
    return readsView(tree.left, bucketFilter) || readsView(tree.right, bucketFilter);
  if (tree.field === 'position') return true;
  if (tree.field !== 'bucket_id') return false;
  if (!bucketFilter) return true;
  return (tree.values as number[]).some((index) => bucketFilter(index).some((c) => c.readsView));
}

export class TaskFilterTranslator {
  private readonly subTables: ReadonlyMap<string, SubTableFilter>;

  constructor(
    /** Assignees and reminders plug in here: their modules own their tables. */
    subTables: Record<'assignees' | 'reminders', SubTableFilter>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.subTables = new Map(Object.entries(subTables));
  }

  /**
   * Throws the catalogue error (4016–4019, 4024) for an invalid filter; blank means no filter.
   * `fields` are the custom fields it may name (those of the projects the list covers).
   */
  parse(text: string, fields: CustomFieldScope = CustomFieldScope.EMPTY): FilterNode | null {
    if (!text.trim()) return null;
    try {
      return parseFilter(text, fields.filterFields);
    } catch (error) {
      if (error instanceof FilterError) throw fail(error.key, error.params);
      throw error;
    }
  }

  /** Does the parsed filter mention `bucket_id` (then a kanban view answers tasks, not buckets)? */
  mentionsBucket(tree: FilterNode | null): boolean {
    return mentions(tree, (condition) => condition.field === 'bucket_id');
  }

  /** Does the parsed filter compare dates (then it needs a time zone to be read in)? */
  readsDates(tree: FilterNode | null): boolean {
    return mentions(tree, (condition) => condition.kind === 'date');
  }

  /** The filter text as SQL conditions: parses, then `translateParsed`. */
  translate(
    text: string,
    includeNulls: boolean,
    timeZone: string,
    fields: CustomFieldScope = CustomFieldScope.EMPTY,
  ): TaskCondition[] {
    return this.translateParsed(this.parse(text, fields), includeNulls, timeZone, undefined, fields);
  }

  /**
   * The parsed filter as SQL conditions (none for a blank filter). Dates are read in `timeZone`.
   * `bucketFilter` serves filter-mode kanban views, whose bucket i is the tasks matching its own
   * filter: there `bucket_id = i` stands for that filter (`!=`, `in` and `not in` likewise).
   */
  translateParsed(
    tree: FilterNode | null,
    includeNulls: boolean,
    timeZone: string,
    bucketFilter?: (index: number) => TaskCondition[],
    fields: CustomFieldScope = CustomFieldScope.EMPTY,
  ): TaskCondition[] {
    if (!tree) return [];
    const now = this.now();
    // Dates are resolved once, up front, so a bad value fails before any SQL is built.
    const dates = new Map<FilterCondition, string[]>();
    const collect = (node: FilterNode): void => {
      if (node.type === 'junction') {
        collect(node.left);
        collect(node.right);
      } else if (node.kind === 'date') {
        // A list reads the caller's time zone only for a filter with dates (tasks/list.ts).
        if (!timeZone) throw new Error('filter dates translated before their time zone was read');
        dates.set(
          node,
          node.values.map((raw) => {
            try {
              return toIsoSeconds(resolveFilterDate(raw, { now, timeZone }));
            } catch {
              throw fail('invalidFilterValue', [raw, node.custom ?? node.field]);
            }
          }),
        );
      }
    };
    collect(tree);
    if (bucketFilter) this.checkBucketComparisons(tree);
    const translation: Translation = { includeNulls, dates, bucketFilter, fields };
    const condition: TaskCondition = (eb, walking) =>
      this.node(eb, tree, walking ? { ...translation, walking } : translation);
    if (readsView(tree, bucketFilter)) return [readingView(condition)];
    const fieldValues = bucketFilter ? undefined : this.fieldValuesOf(tree, translation);
    return [fieldValues ? Object.assign(condition, { fieldValues }) : condition];
  }

  /** `bucket_id` in a filter-mode view names buckets by index: only (in)equality means anything. */
  private checkBucketComparisons(node: FilterNode): void {
    if (node.type === 'junction') {
      this.checkBucketComparisons(node.left);
      this.checkBucketComparisons(node.right);
    } else if (node.field === 'bucket_id' && !['=', '!=', 'in', 'not in'].includes(node.comparator)) {
      throw fail('invalidFilterComparator', [node.comparator]);
    }
  }

  private node(eb: Eb, node: FilterNode, t: Translation): Expression<SqlBool> {
    const sameReminder = this.sameReminder(eb, node, t);
    if (sameReminder) return sameReminder;
    if (node.type === 'junction') {
      const parts = [this.node(eb, node.left, t), this.node(eb, node.right, t)];
      return node.join === 'and' ? eb.and(parts) : eb.or(parts);
    }
    if (node.field === 'bucket_id' && t.bucketFilter) return this.filterBucket(eb, node, t.bucketFilter);
    if (node.field === 'custom') return this.customField(eb, node, t);
    return this.condition(eb, node, t.includeNulls, t.dates.get(node));
  }

  /** `bucket_id = i` in a filter-mode kanban view: the tasks matching bucket i's filter. */
  private filterBucket(
    eb: Eb,
    c: FilterCondition,
    bucketFilter: (index: number) => TaskCondition[],
  ): Expression<SqlBool> {
    const matching = (c.values as number[]).map((index) => {
      const conditions = bucketFilter(index).map((condition) => condition(eb));
      return conditions.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(conditions);
    });
    const any = matching.length === 1 ? matching[0] : eb.or(matching);
    return isNegative(c.comparator) ? eb.not(any) : any;
  }

  /**
   * Range conditions on `reminders` joined with `&&` must hold for the same reminder (reference
   * §4.1): `reminders > a && reminders < b` is one EXISTS with both bounds.
   */
  private sameReminder(eb: Eb, node: FilterNode, t: Translation): Expression<SqlBool> | null {
    const { includeNulls, dates } = t;
    const table = this.subTables.get('reminders');
    if (!table?.matchingAll || node.type !== 'junction' || node.join !== 'and') return null;
    const terms = andTerms(node);
    const ranges = terms.filter(isReminderRange);
    if (ranges.length < 2) return null;
    const matching = table.matchingAll(
      eb,
      ranges.map((r) => ({
        comparator: r.comparator as RangeComparator,
        value: (dates.get(r) ?? [])[0] ?? String(r.values[0]),
      })),
    );
    const combined = includeNulls ? eb.or([matching, eb.not(table.any(eb))]) : matching;
    const others = terms.filter((term) => !isReminderRange(term)).map((term) => this.node(eb, term, t));
    return eb.and([...others, combined]);
  }

  private condition(
    eb: Eb,
    c: FilterCondition,
    includeNulls: boolean,
    dates: string[] | undefined,
  ): Expression<SqlBool> {
    if (c.kind === 'labelIds') return this.labels(eb, c.comparator, c.values, includeNulls);
    if (c.kind === 'usernames' || c.field === 'reminders') {
      return this.subTable(
        eb,
        c.field,
        c.comparator,
        dates ?? (c.values as (string | number)[]),
        includeNulls,
      );
    }
    const column = columnOf(c.field);
    // percent_done is stored as 0–1 and written as 0–100 in filters (spec 2 §5).
    const values: (string | number | boolean)[] =
      dates ?? (c.field === 'percent_done' ? (c.values as number[]).map((v) => v / 100) : c.values);
    let expr: Expression<SqlBool>;
    const bounded =
      c.kind === 'int' && INT32_FIELDS.has(c.field)
        ? pastInt32(eb, column, c.comparator, values as number[])
        : undefined;
    if (bounded) {
      expr = bounded;
    } else if (c.comparator === 'in' || c.comparator === 'not in') {
      expr = eb(column, c.comparator, values);
    } else if (c.comparator === 'like') {
      const text = String(values[0]);
      const pattern = text.includes('%') ? text : `%${text}%`;
      expr = likeIgnoringCase(column, pattern);
    } else if (
      c.field === 'priority' &&
      typeof values[0] === 'number' &&
      c.comparator !== '=' &&
      c.comparator !== '!='
    ) {
      expr = priorityRange(eb, column, c.comparator, values[0]);
    } else {
      expr = eb(column, c.comparator, values[0]);
    }
    if (!includeNulls) return expr;
    const nulls: Expression<SqlBool>[] = [expr, eb(column, 'is', null)];
    if (c.kind === 'int' || c.kind === 'float') nulls.push(eb(column, '=', 0));
    return eb.or(nulls);
  }

  /**
   * A condition on a custom field: the tasks among the values of the fields of that title, read
   * through the (field, value) indexes. A task without a value never matches (`!=` and `not in`
   * included) unless `filter_include_nulls` adds the tasks without one. `choices` match when any
   * chosen option does; `user` values compare usernames.
   *
   * The tasks are an IN list of the matching values' tasks, or, for a walk in id order, a
   * correlated EXISTS per task: SQLite builds the whole list first (`Estimate > 3` over 100,000
   * tasks, page of 50: 10 ms as a list, 0.55 ms as EXISTS), while a query that sorts wants the
   * list (a few matches: 3.5 ms as a list, 33 ms as EXISTS on every task in scope).
   */
  private customField(eb: Eb, c: FilterCondition, t: Translation): Expression<SqlBool> {
    const ids = t.fields.idsOf(c.custom ?? '');
    if (ids.length === 0) return t.includeNulls ? sql<SqlBool>`1 = 1` : NEVER;
    const rows = customFieldRows(c, t.dates.get(c) ?? (c.values as (string | number | boolean)[]));
    if (rows.kind === 'everyTask') return sql<SqlBool>`1 = 1`;
    const tasksWith = (where?: (cfv: ValueEb) => Expression<SqlBool>) => {
      const values = eb
        .selectFrom('task_field_values as cfv')
        .where('cfv.field_id', 'in', ids)
        .$if(where !== undefined, (q) => q.where((inner) => where!(inner as unknown as ValueEb)));
      return t.walking
        ? eb.exists(values.select('cfv.id').whereRef('cfv.task_id', '=', 'tasks.id'))
        : eb('tasks.id', 'in', values.select('cfv.task_id'));
    };
    const matching = tasksWith(rows.where);
    const expr = rows.negative ? eb.and([tasksWith(), eb.not(matching)]) : matching;
    return t.includeNulls ? eb.or([expr, eb.not(tasksWith())]) : expr;
  }

  /**
   * The value rows a whole filter stands for, when it is one positive condition on a custom field
   * without `filter_include_nulls`: the list can count its matches from them (FieldValuesMatch).
   */
  private fieldValuesOf(tree: FilterNode, t: Translation): FieldValuesMatch | undefined {
    if (tree.type === 'junction' || tree.field !== 'custom' || t.includeNulls) return undefined;
    const fields = t.fields.fieldsOf(tree.custom ?? '');
    if (fields.length === 0) return undefined;
    const rows = customFieldRows(tree, t.dates.get(tree) ?? (tree.values as (string | number | boolean)[]));
    if (rows.kind !== 'rows' || rows.negative) return undefined;
    return {
      fields: fields.map(({ id, projectId }) => ({ id, projectId })),
      where: rows.where,
      oneRowPerTask: fields.every((f) => f.kind !== 'choices'),
    };
  }

  private labels(
    eb: Eb,
    comparator: FilterComparator,
    ids: number[],
    includeNulls: boolean,
  ): Expression<SqlBool> {
    // Label ids are 32-bit: one past that range names no label (and PostgreSQL would refuse it).
    const known = ids.filter(fitsInt32);
    const matching = known.length
      ? eb.exists(
          eb
            .selectFrom('label_tasks')
            .select('label_tasks.id')
            .whereRef('label_tasks.task_id', '=', 'tasks.id')
            .where('label_tasks.label_id', 'in', known),
        )
      : NEVER;
    const expr = isNegative(comparator) ? eb.not(matching) : matching;
    if (!includeNulls) return expr;
    const none = eb.not(
      eb.exists(
        eb
          .selectFrom('label_tasks')
          .select('label_tasks.id')
          .whereRef('label_tasks.task_id', '=', 'tasks.id'),
      ),
    );
    return eb.or([expr, none]);
  }

  /**
   * Assignees and reminders: until their module registers the table, no task has any, so a
   * positive match is never true, a negative one always, and include-nulls matches every task.
   */
  private subTable(
    eb: Eb,
    field: string,
    comparator: FilterComparator,
    values: readonly (string | number)[],
    includeNulls: boolean,
  ): Expression<SqlBool> {
    const table = this.subTables.get(field);
    // `like` on assignees is accepted and ignored, as in Vikunja.
    if (comparator === 'like' && field === 'assignees') return sql<SqlBool>`1 = 1`;
    if (!table) return includeNulls || isNegative(comparator) ? sql<SqlBool>`1 = 1` : NEVER;
    const positive = isNegative(comparator) ? (comparator === '!=' ? '=' : 'in') : comparator;
    const matching = table.matching(eb, positive, values);
    const expr = isNegative(comparator) ? eb.not(matching) : matching;
    return includeNulls ? eb.or([expr, eb.not(table.any(eb))]) : expr;
  }
}
