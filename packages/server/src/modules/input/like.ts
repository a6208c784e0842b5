/**
 * Case-insensitive substring matching with user text. Wildcards in the text match literally:
 * SQLite has no default LIKE escape character, so the ESCAPE clause is always spelled out.
 */
import { type Expression, type RawBuilder, sql } from 'kysely';

export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `lower(expr) LIKE '%text%' ESCAPE '\'` */
export function containsIgnoringCase(expr: Expression<unknown>, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${expr}) LIKE ${`%${escapeLike(text.toLowerCase())}%`} ESCAPE '\\'`;
}
