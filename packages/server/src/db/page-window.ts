/**
 * A page's LIMIT and OFFSET, written so that PostgreSQL can keep one plan for a task page.
 *
 * PostgreSQL plans a named statement for its parameters the first five times, then keeps a generic
 * plan only if that does not cost more than those did. With `limit $n` the generic plan is costed
 * for an unknown limit (a tenth of the rows), ten to thirty times a 50-row page's cost, so the
 * page statement was planned again on every call: 0.8 of the 1.2 ms a 10,000-task list page's
 * statements cost PostgreSQL to plan, against 0.1 ms to run it. A literal limit and, on the first
 * page, a literal offset give the generic plan the page's true cost, and PostgreSQL keeps it.
 * Later pages keep their offset a parameter: their texts would otherwise each be a statement of
 * their own. SQLite has no such plan choice; it keeps parameters, and one statement per shape.
 */
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Dialect } from './database.js';

/** `query` limited to `limit` rows from `offset` on. */
// biome-ignore lint/suspicious/noExplicitAny: any query of any schema
export function pageWindow<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  dialect: Dialect,
  limit: number,
  offset: number,
): Q {
  if (dialect === 'sqlite' || !Number.isSafeInteger(limit) || !Number.isSafeInteger(offset)) {
    return query.limit(limit).offset(offset) as Q;
  }
  return reusablePageWindow(query, limit, offset === 0 ? [] : [offset]);
}

/**
 * The same window for a query built once and run again with new values (db/reused-query.ts),
 * on either database: `limit` is written into the text (the caller keeps one query per page
 * size), and the offset is the one item of `laterOffset`, or written as 0 when that list is empty
 * (a first page). The list's length is the query's shape, not a value read here.
 */
// biome-ignore lint/suspicious/noExplicitAny: any query of any schema
export function reusablePageWindow<Q extends SelectQueryBuilder<any, any, any>>(
  query: Q,
  limit: number,
  laterOffset: readonly number[],
): Q {
  if (!Number.isSafeInteger(limit)) throw new RangeError(`a page of ${limit} rows`);
  return query.limit(sql.lit(limit)).offset(laterOffset.length === 0 ? sql.lit(0) : laterOffset[0]) as Q;
}
