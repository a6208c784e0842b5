/**
 * SQL for the compaction of packed search postings (PostgreSQL: migration 0033; SQLite: 0034):
 * the log of changed (term, task) pairs is folded into the terms' postings, a batch at a time.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { SQLITE_TERM_POSTINGS } from '../../db/migrations/0034-sqlite-search-postings.js';
import type { Database } from '../../db/schema.js';

/** Bytes per posting: a task id * 2 + (1 when in the title), big-endian. */
export const POSTING_BYTES = 4;

/** Terms rebuilt per batch: each batch is a short transaction. */
const TERMS_PER_BATCH = 500;

/**
 * A term is rebuilt once its log holds more than 1/1024 of its postings (so a term of fewer than
 * 1,024 tasks at its first change). A reader pays about as much for one logged task (an index
 * lookup of its rows) as for a thousand packed postings, so this keeps a read within about twice
 * its packed cost, while a common term is not rewritten whole on every edit of one of its tasks.
 */
const LOG_SHARE = 1024;

/** Any fixed number: the advisory lock that lets one process compact at a time (tests take it too). */
export const COMPACTION_LOCK = 0x6f72646f;

/**
 * After rebuilding this many terms (a bulk load, a restore), the vocabulary and the log are
 * vacuumed at once: their old row versions would otherwise stay in the way of every lookup until
 * autovacuum's turn. Small rounds leave it to autovacuum and to page pruning.
 */
const VACUUM_AFTER_TERMS = 1000;

export class SearchPostingsCompaction {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly termsPerBatch = TERMS_PER_BATCH,
    private readonly logShare = LOG_SHARE,
  ) {}

  /**
   * Rebuilds the postings of the terms whose log has grown enough, and clears their log; answers
   * how many terms were rebuilt. On PostgreSQL another process compacting meanwhile makes this
   * one stop.
   */
  async run(): Promise<number> {
    let rebuilt = 0;
    let after = 0;
    for (;;) {
      const batch =
        this.dialect === 'postgres' ? await this.postgresBatch(after) : await this.sqliteBatch(after);
      if (!batch || batch.last === null) break;
      rebuilt += Number(batch.terms);
      after = batch.last;
    }
    if (this.dialect === 'postgres' && rebuilt >= VACUUM_AFTER_TERMS)
      await sql`VACUUM search_terms, search_postings_pending`.execute(this.db);
    return rebuilt;
  }

  /** Terms with a large enough log after term `after`, at most a batch of them, in id order. */
  private picked(after: number) {
    return sql`SELECT p.term_id FROM search_postings_pending AS p
      WHERE p.term_id > ${after}
      GROUP BY p.term_id
      HAVING count(*) * ${this.logShare} > coalesce(
        (SELECT length(st.postings) / ${POSTING_BYTES} FROM search_terms AS st WHERE st.id = p.term_id), 0)
      ORDER BY p.term_id LIMIT ${this.termsPerBatch}`;
  }

  /**
   * One batch as one statement, so its rebuild and its deletion of the log see one snapshot: an
   * edit that snapshot does not hold keeps its log entry (the log has no unique key; see 0033),
   * and readers go on re-reading that pair until a later compaction holds it.
   */
  private postgresBatch(after: number): Promise<Batch | null> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`SELECT pg_try_advisory_xact_lock(${COMPACTION_LOCK}) AS locked`.execute(trx);
      if (!rows[0].locked) return null;
      const done = await sql<Batch>`
        WITH picked AS MATERIALIZED (${this.picked(after)}),
        cleared AS (
          DELETE FROM search_postings_pending AS p USING picked WHERE p.term_id = picked.term_id
        ),
        rebuilt AS (
          UPDATE search_terms AS st SET postings = coalesce((
            SELECT string_agg(ordo_posting(t.task_id, t.in_title), ''::bytea)
            FROM task_search_terms AS t WHERE t.term_id = st.id), ''::bytea)
          FROM picked WHERE st.id = picked.term_id
        )
        SELECT max(term_id) AS last, count(*) AS terms FROM picked`.execute(trx);
      return done.rows[0];
    });
  }

  /**
   * One batch as one transaction, which on SQLite holds the only write lock: no edit can come
   * between the rebuild and the deletion of the log.
   */
  private sqliteBatch(after: number): Promise<Batch> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ term_id: number }>`${this.picked(after)}`.execute(trx);
      if (rows.length === 0) return { last: null, terms: 0 };
      const terms = JSON.stringify(rows.map((row) => row.term_id));
      await sql`UPDATE search_terms SET postings = ${sql.raw(SQLITE_TERM_POSTINGS)}
        WHERE id IN (SELECT value FROM json_each(${terms}))`.execute(trx);
      await sql`DELETE FROM search_postings_pending
        WHERE term_id IN (SELECT value FROM json_each(${terms}))`.execute(trx);
      return { last: rows[rows.length - 1].term_id, terms: rows.length };
    });
  }
}

/** A compaction batch's last term id (null: nothing left) and how many terms it rebuilt. */
interface Batch {
  last: number | null;
  terms: number;
}
