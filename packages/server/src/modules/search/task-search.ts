/**
 * The `s` of every task list as SQL (reference §4.2): each word must occur in the title or the
 * description, case-insensitively, as a substring; `#12` and `PROJ-12` also find that task.
 * Words of three or more characters are answered by the trigram index (SQLite FTS5 table
 * `tasks_fts`, PostgreSQL pg_trgm GIN indexes, migration 0005); shorter words are checked with
 * LIKE, on the rows the index already narrowed, or on the scope when every word is short.
 */
import {
  type Fts5RankQueries,
  fts5AllWordsQuery,
  fts5RankQueries,
  parseTaskSearch,
  splitIndexedWords,
  type TaskSearchTerms,
} from '@ordo/core';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { containsIgnoringCase } from '../input/like.js';
import type { TaskCondition } from '../tasks/list-repo.js';

type Eb = Parameters<TaskCondition>[0];

export class TaskSearch {
  constructor(private readonly dialect: Dialect) {}

  /** Tasks the text finds. */
  condition(eb: Eb, text: string): Expression<SqlBool> {
    const terms = parseTaskSearch(text);
    const options: Expression<SqlBool>[] = [];
    if (terms.words.length > 0) options.push(this.allWords(eb, terms.words));
    const direct = this.directHit(eb, terms);
    if (direct) options.push(direct);
    return options.length > 0 ? eb.or(options) : sql<SqlBool>`1 = 0`;
  }

  /**
   * Higher is better: the task named by `#n`/`IDENT-n` first, then tasks whose title holds every
   * word, then those whose title holds some word, then description-only hits.
   */
  relevance(eb: Eb, text: string): RawBuilder<number> {
    const terms = parseTaskSearch(text);
    const inTitle = terms.words.map((w) => containsIgnoringCase(eb.ref('tasks.title'), w));
    const direct = this.directHit(eb, terms);
    const cases: RawBuilder<unknown>[] = [];
    if (direct) cases.push(sql`WHEN ${direct} THEN 3`);
    if (inTitle.length > 0) {
      cases.push(sql`WHEN ${sql.join(inTitle, sql` AND `)} THEN 2`);
      cases.push(sql`WHEN ${sql.join(inTitle, sql` OR `)} THEN 1`);
    }
    if (cases.length === 0) return sql<number>`0`;
    return sql<number>`(CASE ${sql.join(cases, sql` `)} ELSE 0 END)`;
  }

  /**
   * On SQLite, full-text queries for the matches and for the tasks whose title holds every word,
   * when the text is only words the index holds (no `#12`, no `PROJ-12`, no short words);
   * otherwise null. The index folds case beyond ASCII and `relevance` does not, so its title
   * query finds a superset of rank 2: `titleHoldsEveryWord` narrows it to exactly that rank.
   */
  rankQueries(text: string): Fts5RankQueries | null {
    if (this.dialect !== 'sqlite') return null;
    const terms = parseTaskSearch(text);
    if (terms.indexes.length > 0 || terms.identifiers.length > 0 || terms.words.length === 0) return null;
    if (splitIndexedWords(terms.words).short.length > 0) return null;
    return fts5RankQueries(terms.words);
  }

  /** Rank 2 of `relevance`: the title holds every word. */
  titleHoldsEveryWord(eb: Eb, text: string): Expression<SqlBool> {
    return eb.and(parseTaskSearch(text).words.map((w) => containsIgnoringCase(eb.ref('tasks.title'), w)));
  }

  private allWords(eb: Eb, words: string[]): Expression<SqlBool> {
    const { indexed, short } = splitIndexedWords(words);
    const parts: Expression<SqlBool>[] = [];
    if (this.dialect === 'sqlite' && indexed.length > 0) {
      parts.push(
        sql<SqlBool>`tasks.id IN (SELECT rowid FROM tasks_fts WHERE tasks_fts MATCH ${fts5AllWordsQuery(indexed)})`,
      );
    }
    // PostgreSQL answers these LIKEs from the trigram indexes on lower(title) and lower(description).
    const scanned = this.dialect === 'sqlite' ? short : words;
    for (const word of scanned) {
      parts.push(
        eb.or([
          containsIgnoringCase(eb.ref('tasks.title'), word),
          containsIgnoringCase(eb.ref('tasks.description'), word),
        ]),
      );
    }
    return eb.and(parts);
  }

  private directHit(eb: Eb, terms: TaskSearchTerms): Expression<SqlBool> | null {
    const hits: Expression<SqlBool>[] = [];
    if (terms.indexes.length > 0) hits.push(eb('tasks.index', 'in', terms.indexes));
    for (const { identifier, index } of terms.identifiers) {
      hits.push(
        eb.and([
          eb('tasks.index', '=', index),
          eb(
            'tasks.project_id',
            'in',
            eb.selectFrom('projects').select('projects.id').where('projects.identifier', '=', identifier),
          ),
        ]),
      );
    }
    return hits.length > 0 ? eb.or(hits) : null;
  }
}
