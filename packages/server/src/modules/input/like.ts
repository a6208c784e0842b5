/**
 * Case-insensitive matching with user text, for every letter on both databases
 * (db/lower-case.ts). In `containsIgnoringCase` wildcards in the text match literally: SQLite has
 * no default LIKE escape character, so the ESCAPE clause is always spelled out.
 * `likeIgnoringCase` takes the text as a LIKE pattern, wildcards and all.
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { lowerAsPostgres, lowerCase } from '../../db/lower-case.js';

export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `lower(expr) LIKE '%text%' ESCAPE '\'` */
export function containsIgnoringCase(expr: Expression<unknown>, text: string): RawBuilder<boolean> {
  return sql<boolean>`${lowerCase(expr)} LIKE ${`%${escapeLike(lowerAsPostgres(text))}%`} ESCAPE '\\'`;
}

/**
 * `lower(expr) LIKE lower(pattern)`, the pattern's wildcards its own (the filter language's
 * `like`). The pattern is lowered here, as the database would lower it.
 */
export function likeIgnoringCase(expr: Expression<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${lowerCase(expr)} LIKE ${lowerAsPostgres(pattern)}`;
}
