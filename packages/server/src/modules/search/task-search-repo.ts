/**
 * The `s` of every task list as SQL (reference §4.2): each word must occur in the title or the
 * description, case-insensitively, as a substring; `#12` and `PROJ-12` also find that task.
 *
 * Words of three or more characters are answered by the term index (migration 0028): the
 * vocabulary terms holding the word (SQLite FTS5 trigram table `search_terms_fts`, PostgreSQL
 * pg_trgm on `search_terms`), then their tasks from the terms' packed postings (migrations 0033
 * and 0034) when the caller sees every task, or else from `task_search_terms`. Tasks whose text has a
 * term too long for the index (term id 0) are checked against their text. Shorter words are
 * checked with LIKE, on the rows the index already narrowed, or on the scope when every word is
 * short.
 */
import {
  fts5AllWordsQuery,
  parseTaskSearch,
  rankTaskMatches,
  splitIndexedWords,
  type TaskSearchTerms,
} from '@ordo/core';
import { type Expression, expressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { sqlitePackedPostings } from '../../db/migrations/0034-sqlite-search-postings.js';
import type { Database } from '../../db/schema.js';
import { containsIgnoringCase, escapeLike } from '../input/like.js';
import type { TaskCondition } from '../tasks/task-condition.js';
import { type WordPostings, wordMatches } from './search-postings.js';

type Eb = Parameters<TaskCondition>[0];

/** The reserved term id of tasks whose text holds a term too long for the index. */
const UNINDEXED_TERM = 0;

interface Flags {
  /** Some task has text the index does not hold (term 0). */
  unindexed: boolean | number | null;
  /** Some project outside the scope has tasks. */
  partial: boolean | number | null;
  /** The tasks in scope that `#12` or `PROJ-12` name (PostgreSQL: an array; SQLite: JSON). */
  named: number[] | string | null;
}

/** A word's matches (`word` its place). */
interface MatchesRow {
  word: number;
  matches: string | number[] | null;
}

/** A word's packed postings (`word` its place), or with `word` −1 the flags. */
interface PostingsRow extends Flags, WordPostings {
  word: number;
}

/** SQLite: a word's packed postings, the tasks the log names (JSON), their fresh postings. */
interface SqlitePostingsRow {
  word: number;
  postings: Buffer | null;
  stale: string;
  fresh: Buffer | null;
}

/** One page of a ranked search read from the term index alone. */
export interface RankedMatches {
  /** The page's task ids, best first. */
  ids: number[];
  total: number;
}

export class TaskSearch {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

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
   * A page of the text's matches ranked as `relevance` ranks them, then by id, with their count,
   * read from the term index without reading a task: null when the text needs more than the
   * index (short words) or some task has text the index does not hold. The tasks `#12` and
   * `PROJ-12` name are looked up by their (project, index) key in the same statement.
   * Only tasks of the `scope` projects count: their ids, or a sub-query answering them, which is
   * then worked out inside the search's statement (one round trip less than reading it first).
   */
  async rankedMatches(
    text: string,
    scope: readonly number[] | Expression<unknown>,
    limit: number,
    offset: number,
  ): Promise<RankedMatches | null> {
    const terms = parseTaskSearch(text);
    if (terms.words.length === 0) return null;
    if (splitIndexedWords(terms.words).short.length > 0) return null;
    if (Array.isArray(scope) && scope.length === 0) return { ids: [], total: 0 };
    // A sub-query puts its own parentheses around itself; a list of ids needs them.
    const inScopeProjects = Array.isArray(scope) ? sql`(${sql.join(scope)})` : sql`${scope}`;
    // Per word, its matches as task_id * 2 + (1 when the word is in the title), in one row each:
    // a few thousand numbers read in one value cost far less than as rows, or than grouping and
    // sorting them in SQL (`plumber`, 2,400 matches: 2.7 ms ranked in SQLite, 0.5 ms this way).
    //
    // Two flags decide how: does some task have text the index does not hold, and does the scope
    // hold every task (an account that sees everything: the usual case on a self-hosted server)?
    // Then a match needs no scope check, and the words' packed postings answer. On PostgreSQL the
    // statement that reads the flags also reads the packed postings when the scope holds every
    // task; otherwise only the flags come back and a second statement reads the matches in scope
    // (each statement is a round trip).
    //
    // Projects outside the scope are probed one by one through the (project, index) index, stopping at the
    // first with tasks. Written as a sorted sub-query on purpose: as EXISTS, PostgreSQL made it a
    // join reading every task's project (8–15 ms); unsorted with LIMIT 1, a scan of every task
    // (40 ms). The trigger-kept project_task_counts are no help: after a bulk load one row's old
    // versions can fill hundreds of pages that a scan would read.
    const flags = sql`SELECT
        EXISTS (SELECT 1 FROM task_search_terms WHERE term_id = ${UNINDEXED_TERM}) AS unindexed,
        EXISTS (SELECT 1 FROM projects WHERE projects.id NOT IN ${inScopeProjects}
          AND (SELECT tasks."index" FROM tasks WHERE tasks.project_id = projects.id
            ORDER BY tasks."index" LIMIT 1) IS NOT NULL
        ) AS partial,
        ${this.namedInScope(terms, inScopeProjects)} AS named`;
    const inScope = sql`AND EXISTS (SELECT 1 FROM tasks WHERE tasks.id = tst.task_id
      AND tasks.project_id IN ${inScopeProjects})`;
    let lists: ArrayLike<number>[];
    let answer: Flags;
    if (this.dialect === 'sqlite') {
      // In-process: asking first costs nothing, and SQLite would test the flag on every match.
      [answer] = (await sql<Flags>`${flags}`.execute(this.db)).rows;
      if (answer.unindexed) return null;
      lists = answer.partial
        ? await this.matchesPerWord(terms.words, inScope)
        : (await this.sqlitePostingsPerWord(terms.words)).map(wordMatches);
    } else {
      // When the scope holds every task, the packed postings (migration 0033) answer.
      const rows = await this.postingsPerWord(terms.words, flags);
      answer = rows.find((row) => row.word === -1)!;
      if (answer.unindexed) return null;
      lists = answer.partial
        ? await this.matchesPerWord(terms.words, inScope)
        : rows
            .filter((row) => row.word >= 0)
            .sort((a, b) => a.word - b.word)
            .map(wordMatches);
    }
    return rankTaskMatches(lists, offset, limit, namedIds(answer.named));
  }

  /**
   * The tasks in scope that the text names (`#12`, `PROJ-12`), as one value: read with the flags,
   * so that a search by identifier takes no statement of its own.
   */
  private namedInScope(terms: TaskSearchTerms, inScopeProjects: RawBuilder<unknown>): RawBuilder<unknown> {
    const direct = this.directHit(expressionBuilder<Database, 'tasks'>(), terms);
    if (!direct) return this.dialect === 'sqlite' ? sql`NULL` : sql`NULL::integer[]`;
    const aggregate = this.dialect === 'sqlite' ? sql`json_group_array` : sql`array_agg`;
    return sql`(SELECT ${aggregate}(tasks.id) FROM tasks
      WHERE tasks.project_id IN ${inScopeProjects} AND ${direct})`;
  }

  /**
   * PostgreSQL: the flags (word −1), and per word (`word` its place) its packed postings, unless
   * the flags send the search elsewhere (then the function is not called).
   */
  private async postingsPerWord(words: string[], flags: RawBuilder<unknown>): Promise<PostingsRow[]> {
    const perWord = words.map(
      (word, i) => sql`SELECT ${sql.lit(i)}, p.postings, p.stale, p.fresh, NULL, NULL, NULL
        FROM ordo_search_postings(${`%${escapeLike(word)}%`}) AS p
        WHERE NOT (SELECT partial FROM flags) AND NOT (SELECT unindexed FROM flags)`,
    );
    const { rows } = await sql<PostingsRow>`WITH flags AS (${flags})
      SELECT -1 AS word, NULL::bytea AS postings, NULL::integer[] AS stale, NULL::bytea AS fresh, unindexed, partial,
        named
      FROM flags UNION ALL ${sql.join(perWord, sql` UNION ALL `)}`.execute(this.db);
    return rows;
  }

  /**
   * SQLite: per word, in word order, its packed postings, the tasks the log names for its terms
   * and their fresh postings (as PostgreSQL's `ordo_search_postings` answers them, migration
   * 0033), all in one statement and so from one snapshot, which a compaction cannot come between.
   * A word's terms and its logged tasks are each looked up once (MATERIALIZED).
   *
   * `group_concat` joins the terms' blobs byte for byte (a blob is read as text of the same bytes,
   * and the database is UTF-8), and CAST turns the joined value back into a blob: the cheapest of
   * the ways measured (`kanel`, 88 terms: 102 µs, 137 µs through hex, 167 µs as a row per term).
   */
  private async sqlitePostingsPerWord(words: string[]): Promise<WordPostings[]> {
    const lookups = words.flatMap((word, i) => [
      sql`${sql.raw(`held${i}`)}(id) AS MATERIALIZED (${this.termsHolding(word)})`,
      sql`${sql.raw(`logged${i}`)}(task_id) AS MATERIALIZED (SELECT DISTINCT p.task_id
        FROM search_postings_pending AS p WHERE p.term_id IN ${sql.raw(`held${i}`)})`,
    ]);
    const perWord = words.map((_, i) => {
      const [terms, logged] = [sql.raw(`held${i}`), sql.raw(`logged${i}`)];
      return sql`SELECT ${sql.lit(i)} AS word,
        (SELECT CAST(group_concat(st.postings, '') AS BLOB) FROM search_terms AS st WHERE st.id IN ${terms}) AS postings,
        (SELECT json_group_array(l.task_id) FROM ${logged} AS l) AS stale,
        (SELECT ${sql.raw(sqlitePackedPostings('t'))}
          FROM ${logged} AS l CROSS JOIN task_search_terms AS t
          WHERE t.task_id = l.task_id AND t.term_id IN ${terms}) AS fresh`;
    });
    const { rows } = await sql<SqlitePostingsRow>`WITH ${sql.join(lookups)}
      ${sql.join(perWord, sql` UNION ALL `)}`.execute(this.db);
    return rows
      .sort((a, b) => a.word - b.word)
      .map(({ postings, stale, fresh }) => ({
        postings,
        stale: stale === '[]' ? null : (JSON.parse(stale) as number[]),
        fresh,
      }));
  }

  /** Per word, in word order, its matches (from `task_search_terms`) that meet `condition`. */
  private async matchesPerWord(words: string[], condition: RawBuilder<unknown>): Promise<number[][]> {
    const aggregate = this.dialect === 'sqlite' ? sql`json_group_array` : sql`json_agg`;
    const perWord = words.map(
      (word, i) =>
        sql`SELECT ${sql.lit(i)} AS word, (SELECT ${aggregate}(CAST(tst.task_id AS bigint) * 2 + tst.in_title)
          FROM task_search_terms AS tst WHERE tst.term_id IN (${this.termsHolding(word)}) ${condition}
        ) AS matches`,
    );
    const { rows } = await sql<MatchesRow>`${sql.join(perWord, sql` UNION ALL `)}`.execute(this.db);
    return rows
      .sort((a, b) => a.word - b.word)
      .map((row) => (typeof row.matches === 'string' ? JSON.parse(row.matches) : (row.matches ?? [])));
  }

  /** Ids of the vocabulary terms that hold the word (three or more characters). */
  private termsHolding(word: string): RawBuilder<number> {
    return this.dialect === 'sqlite'
      ? sql<number>`SELECT rowid FROM search_terms_fts WHERE search_terms_fts MATCH ${fts5AllWordsQuery([word])}`
      : // Behind a function, so that statements around it keep one plan (migration 0029).
        sql<number>`SELECT id FROM ordo_search_terms_holding(${`%${escapeLike(word)}%`}) AS id`;
  }

  /**
   * Tasks holding the word (three or more characters): from the index, or from unindexed text.
   * That text is checked per task of term 0 (a correlated sub-query is never turned into a join),
   * so no plan can scan every task's text to find the few that have such a term.
   */
  private tasksHolding(word: string): RawBuilder<number> {
    const pattern = `%${escapeLike(word)}%`;
    return sql<number>`SELECT task_id FROM task_search_terms WHERE term_id IN (${this.termsHolding(word)})
      UNION
      SELECT u.task_id FROM task_search_terms AS u WHERE u.term_id = ${UNINDEXED_TERM} AND (
        SELECT count(*) FROM tasks AS t WHERE t.id = u.task_id
          AND (lower(t.title) LIKE ${pattern} ESCAPE '\\' OR lower(t.description) LIKE ${pattern} ESCAPE '\\')
      ) > 0`;
  }

  private allWords(eb: Eb, words: string[]): Expression<SqlBool> {
    const { indexed, short } = splitIndexedWords(words);
    // PostgreSQL: `= ANY(ARRAY(…))` runs the sub-query once and looks its tasks up by key, also
    // inside an OR (`#12`, `PROJ-12`); `IN (…)` there became a scan of every task (230 ms).
    const parts: Expression<SqlBool>[] = indexed.map((word) =>
      this.dialect === 'sqlite'
        ? sql<SqlBool>`tasks.id IN (${this.tasksHolding(word)})`
        : sql<SqlBool>`tasks.id = ANY(ARRAY(${this.tasksHolding(word)}))`,
    );
    for (const word of short) {
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

/** The named tasks' ids as the database answered them (PostgreSQL: an int4 array; SQLite: JSON; none: null). */
function namedIds(named: Flags['named']): number[] {
  if (named === null) return [];
  return typeof named === 'string' ? (JSON.parse(named) as number[]) : named;
}
