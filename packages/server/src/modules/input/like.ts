/**
 * Case-insensitive matching with user text. In `containsIgnoringCase` wildcards in the text match
 * literally: SQLite has no default LIKE escape character, so the ESCAPE clause is always spelled
 * out. `likeIgnoringCase` takes the text as a LIKE pattern, wildcards and all.
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { lowerCase } from '../../db/lower-case.js';

export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `lower(expr) LIKE '%text%' ESCAPE '\'` */
export function containsIgnoringCase(expr: Expression<unknown>, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${expr}) LIKE ${`%${escapeLike(text.toLowerCase())}%`} ESCAPE '\\'`;
}

/**
 * `lower(expr) LIKE lower(pattern)`, the pattern's wildcards its own (the filter language's
 * `like`), ignoring the case of every letter on both databases (db/lower-case.ts).
 */
export function likeIgnoringCase(
  dialect: Dialect,
  expr: Expression<unknown>,
  pattern: string,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`${lowerCase(dialect, expr)} LIKE ${lowerCase(dialect, sql.val(pattern))}`;
}
