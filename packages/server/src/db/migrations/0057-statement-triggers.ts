/**
 * PostgreSQL: the triggers that keep derived data in step with a write that touches many rows run
 * once per statement over its rows (transition tables), not once per row: CalDAV collection sync
 * (migration 0041) on tasks inserted or updated and on label, reminder and relation rows added or
 * removed; the search terms (0028, 0033, 0052) of tasks inserted or deleted; the task counters
 * per project and per bucket (0010–0012) on rows inserted or deleted.
 *
 * Per row, every row of one statement updated its project's single counter row again (CalDAV's
 * `caldav_sync_state.seq`, `project_task_counts`, …): each update of a row already updated in the
 * same transaction leaves a version no one may prune yet, and the next one walks past them all, so
 * a statement's cost grew with the square of its rows. An `INSERT INTO tasks … SELECT` of 2,000
 * tasks spent 4.5 s in the CalDAV trigger and 3.4 s in the search trigger (32,800 tasks: 245 s);
 * adding two labels to 1,000 tasks (`POST /tasks/bulk`) took 24 s. Per statement, each counter
 * row is updated once and each set is written by one query.
 *
 * The results are the same, with one difference a client cannot tell: a project's sync token moves
 * once per statement (per kind of change in it), not once per row, so the objects one statement
 * changes share a counter value, still above every token handed out before it.
 *
 * What stays per row: the few writes that only ever touch a row or two (a label's title, a
 * client's name for a task, a reminder's edit), the triggers watching given columns of an update
 * (PostgreSQL has no transition tables for those: the counters' moves, the search terms of an
 * edited text, each with its WHEN that skips the rest), and the CalDAV tombstone of a deleted
 * task, which must read the client's name for it before that row goes by cascade (a statement
 * trigger sees the rows only after the cascades ran). A task's id is never updated, so an
 * update's old and new rows are paired by id.
 *
 * SQLite keeps its row triggers: they run in-process as part of the statement (no function call
 * or executor start per row), and its counter rows are updated in place, so a bulk write there
 * never grew with the square of its rows (the 1,000-task bulk label edit: 3 s). It has no
 * transition tables either.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { MAX_TERM_LENGTH, postgresTerms } from './0028-search-terms.js';

const UPSERT_CHANGE = `ON CONFLICT (project_id, name) DO UPDATE SET task_id = excluded.task_id,
  deleted = excluded.deleted, seq = excluded.seq, changed_at = excluded.changed_at`;

/** Creates a trigger function (PL/pgSQL, planned afresh on each call: the row count varies). */
async function createFunction(db: Kysely<unknown>, name: string, body: string, declare = '') {
  await sql
    .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql
      SET plan_cache_mode = force_custom_plan AS $$
      ${declare ? `DECLARE ${declare}` : ''}
      BEGIN
        ${body}
        RETURN NULL;
      END $$`)
    .execute(db);
}

/**
 * Statement triggers on `table`, one per event (transition tables allow a single event): the new
 * rows are `new_rows`, the old ones `old_rows`.
 */
async function createStatementTriggers(
  db: Kysely<unknown>,
  name: string,
  table: string,
  events: ('INSERT' | 'UPDATE' | 'DELETE')[],
  fn: string,
) {
  for (const event of events) {
    const referencing = {
      INSERT: 'NEW TABLE AS new_rows',
      UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      DELETE: 'OLD TABLE AS old_rows',
    }[event];
    await sql
      .raw(`CREATE TRIGGER ${name}_${event.toLowerCase()} AFTER ${event} ON ${table}
        REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`)
      .execute(db);
  }
}

/**
 * A set of object names gone, as ordo_caldav_gone (0041) for each (project, name, task) of the
 * arrays: one counter step per project, a tombstone per name (the task with the lowest id when
 * two share one), nothing for a project that is gone. Projects are locked in id order.
 */
async function caldavGoneAll(db: Kysely<unknown>) {
  await sql
    .raw(`CREATE FUNCTION ordo_caldav_gone_all(ps integer[], ns text[], ts integer[]) RETURNS void
    LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO caldav_sync_state (project_id, seq, floor)
        SELECT DISTINCT g.p, 1, 0 FROM unnest(ps) AS g(p)
        WHERE EXISTS (SELECT 1 FROM projects WHERE id = g.p) ORDER BY 1
        ON CONFLICT (project_id) DO UPDATE SET seq = caldav_sync_state.seq + 1;
      INSERT INTO caldav_changes (project_id, name, task_id, deleted, seq, changed_at, born)
        SELECT DISTINCT ON (g.p, g.n) g.p, g.n, g.t, TRUE, s.seq,
          (extract(epoch from clock_timestamp()) * 1000)::bigint, 0
        FROM unnest(ps, ns, ts) AS g(p, n, t) JOIN caldav_sync_state s ON s.project_id = g.p
        WHERE EXISTS (SELECT 1 FROM projects WHERE id = g.p)
        ORDER BY g.p, g.n, g.t
        ${UPSERT_CHANGE};
    END $$`)
    .execute(db);
}

async function caldav(db: Kysely<unknown>) {
  await caldavGoneAll(db);
  await sql`DROP TRIGGER caldav_changes_tasks ON tasks`.execute(db);
  await sql`DROP FUNCTION ordo_caldav_changes_tasks()`.execute(db);
  // New tasks: one fresh touch. Updated ones: a task whose name in its project changed (moved, or
  // renamed) leaves a tombstone under its old name and is fresh under the new one, as per row.
  await createFunction(
    db,
    'ordo_caldav_changes_tasks',
    `IF TG_OP = 'INSERT' THEN
       ids := ARRAY(SELECT id FROM new_rows);
       IF cardinality(ids) > 0 THEN PERFORM ordo_caldav_touch(ids, true); END IF;
       RETURN NULL;
     END IF;
     SELECT array_agg(c.old_project) FILTER (WHERE c.renamed),
         array_agg(c.old_name) FILTER (WHERE c.renamed),
         array_agg(c.id) FILTER (WHERE c.renamed),
         array_agg(c.id) FILTER (WHERE NOT c.renamed)
       INTO gone_projects, gone_names, ids, kept
       FROM (SELECT n.id, o.project_id AS old_project, o.name AS old_name,
               o.project_id IS DISTINCT FROM n.project_id
                 OR o.name IS DISTINCT FROM ordo_caldav_name(n.id, n.project_id, n.uid) AS renamed
             FROM (SELECT id, project_id, ordo_caldav_name(id, project_id, uid) AS name FROM old_rows) o
               JOIN new_rows n ON n.id = o.id) c;
     IF ids IS NOT NULL THEN
       PERFORM ordo_caldav_gone_all(gone_projects, gone_names, ids);
       PERFORM ordo_caldav_touch(ids, true);
     END IF;
     IF kept IS NOT NULL THEN PERFORM ordo_caldav_touch(kept, false); END IF;`,
    'ids integer[]; kept integer[]; gone_projects integer[]; gone_names text[];',
  );
  await createStatementTriggers(
    db,
    'caldav_changes_tasks',
    'tasks',
    ['INSERT', 'UPDATE'],
    'ordo_caldav_changes_tasks',
  );

  // A task's labels, reminders and relations: its object changed (one touch for all).
  const touched: [string, ('INSERT' | 'UPDATE' | 'DELETE')[], string][] = [
    ['label_tasks', ['INSERT', 'DELETE'], 'SELECT task_id FROM changed'],
    ['task_reminders', ['INSERT', 'UPDATE', 'DELETE'], 'SELECT task_id FROM changed'],
    [
      'task_relations',
      ['INSERT', 'DELETE'],
      'SELECT task_id FROM changed UNION ALL SELECT other_task_id FROM changed',
    ],
  ];
  for (const [table, events, taskIds] of touched) {
    await sql.raw(`DROP TRIGGER caldav_changes_${table} ON ${table}`).execute(db);
    await sql.raw(`DROP FUNCTION ordo_caldav_changes_${table}()`).execute(db);
    // Each event names its rows differently; an update changes the tasks of its old and new rows.
    const ids = (changed: string) => `ARRAY(${taskIds.replaceAll('FROM changed', `FROM ${changed}`)})`;
    await createFunction(
      db,
      `ordo_caldav_changes_${table}`,
      `IF TG_OP = 'INSERT' THEN ids := ${ids('new_rows')};
       ELSIF TG_OP = 'DELETE' THEN ids := ${ids('old_rows')};
       ELSE ids := ${ids('new_rows')} || ${ids('old_rows')};
       END IF;
       IF cardinality(ids) > 0 THEN PERFORM ordo_caldav_touch(ids); END IF;`,
      'ids integer[];',
    );
    await createStatementTriggers(
      db,
      `caldav_changes_${table}`,
      table,
      events,
      `ordo_caldav_changes_${table}`,
    );
  }
}

/** Migration 0052's indexing of the task NEW, for every row of `new_rows` at once. */
const INDEX_NEW_TASKS = `INSERT INTO search_terms(term)
          SELECT DISTINCT t FROM new_rows n, ${postgresTerms(`n.title || ' ' || n.description`)} t
          WHERE t <> '' AND length(t) <= ${MAX_TERM_LENGTH} ORDER BY 1
          ON CONFLICT (term) DO NOTHING;
        INSERT INTO task_search_terms(term_id, task_id, in_title)
          SELECT st.id, src.task_id, max(src.in_title) FROM (
            SELECT n.id AS task_id, t AS term, 1 AS in_title FROM new_rows n, ${postgresTerms('n.title')} t
            UNION ALL SELECT n.id, t, 0 FROM new_rows n, ${postgresTerms('n.description')} t
          ) src CROSS JOIN LATERAL (
            SELECT id FROM search_terms WHERE term = src.term OFFSET 0
          ) st GROUP BY st.id, src.task_id;
        INSERT INTO task_search_terms(term_id, task_id, in_title)
          SELECT DISTINCT 0, n.id, 0 FROM new_rows n, ${postgresTerms(`n.title || ' ' || n.description`)} t
          WHERE length(t) > ${MAX_TERM_LENGTH};`;

/**
 * The search terms of tasks inserted or deleted (ordo_index_task_search_terms, 0033/0052, stays
 * for an edit of the text): the same statements over all rows, and the same log of the pairs
 * written or removed for the postings' compaction.
 */
async function search(db: Kysely<unknown>) {
  await sql`DROP TRIGGER task_search_terms_insert ON tasks`.execute(db);
  await sql`DROP TRIGGER task_search_terms_delete ON tasks`.execute(db);
  await createFunction(
    db,
    'ordo_index_tasks_search_terms',
    `IF TG_OP = 'INSERT' THEN
       IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
       ${INDEX_NEW_TASKS}
       INSERT INTO search_postings_pending(term_id, task_id)
         SELECT tst.term_id, tst.task_id FROM new_rows n JOIN task_search_terms tst ON tst.task_id = n.id
         WHERE tst.term_id <> 0;
     ELSE
       IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
       WITH gone AS (
         DELETE FROM task_search_terms WHERE task_id IN (SELECT id FROM old_rows) RETURNING term_id, task_id
       ) INSERT INTO search_postings_pending(term_id, task_id)
         SELECT term_id, task_id FROM gone WHERE term_id <> 0;
     END IF;`,
  );
  await createStatementTriggers(
    db,
    'task_search_terms',
    'tasks',
    ['INSERT', 'DELETE'],
    'ordo_index_tasks_search_terms',
  );
}

/** A counter of 0010–0012 (see trigger-counters.ts), for the rows inserted and deleted. */
interface Counter {
  counters: string;
  key: string;
  count: string;
  source: string;
  /** Count only rows for which this holds (`row`: the transition table's alias). */
  only?: (row: string) => string;
}

const COUNTERS: Counter[] = [
  { counters: 'bucket_task_counts', key: 'bucket_id', count: 'task_count', source: 'task_buckets' },
  { counters: 'project_task_counts', key: 'project_id', count: 'task_count', source: 'tasks' },
  {
    counters: 'project_open_task_counts',
    key: 'project_id',
    count: 'task_count',
    source: 'tasks',
    only: (row) => `NOT ${row}.done`,
  },
];

/**
 * Inserted rows add to their key's count (a row made for a key that has none), deleted ones take
 * from it; one update per key, in key order. The row function stays for the update trigger.
 */
async function counters(db: Kysely<unknown>) {
  for (const c of COUNTERS) {
    const only = (row: string) => (c.only ? c.only(row) : 'TRUE');
    await sql.raw(`DROP TRIGGER ${c.counters}_insert_delete ON ${c.source}`).execute(db);
    await createFunction(
      db,
      `ordo_${c.counters}_rows`,
      `IF TG_OP = 'INSERT' THEN
         INSERT INTO ${c.counters} (${c.key}, ${c.count})
           SELECT r.${c.key}, count(*) FROM new_rows r WHERE ${only('r')} GROUP BY r.${c.key} ORDER BY 1
           ON CONFLICT (${c.key}) DO UPDATE SET ${c.count} = ${c.counters}.${c.count} + excluded.${c.count};
       ELSE
         UPDATE ${c.counters} SET ${c.count} = ${c.counters}.${c.count} - d.n
           FROM (SELECT r.${c.key}, count(*) AS n FROM old_rows r WHERE ${only('r')} GROUP BY r.${c.key}) d
           WHERE ${c.counters}.${c.key} = d.${c.key};
       END IF;`,
    );
    await createStatementTriggers(db, c.counters, c.source, ['INSERT', 'DELETE'], `ordo_${c.counters}_rows`);
  }
}

export function statementTriggers(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await caldav(db);
      await search(db);
      await counters(db);
    },
  };
}
