/**
 * PostgreSQL: the triggers that keep derived data in step with a write run once per statement
 * over all its rows (transition tables), not once per row: CalDAV collection sync (migration
 * 0041) on tasks inserted or updated and on label, reminder and relation rows added, changed or
 * removed; the search terms (0028, 0033, 0052) of tasks inserted or deleted; the task counters
 * per project and per bucket (0010–0012) on rows inserted or deleted.
 *
 * Per row, each row of a statement cost a PL/pgSQL call running several statements, and updated
 * its project's one counter row (`caldav_sync_state.seq`, `project_task_counts`, …) again: every
 * update of a row this transaction already updated leaves a version no one may prune yet, which
 * the next update walks past, so the counters' cost grew faster than the rows (project counter:
 * 500 rows 15 ms, 2,000 rows 110–190 ms). An `INSERT INTO tasks … SELECT` of 2,000 tasks spent
 * 4.5 s in the CalDAV trigger and 3.4 s in the search trigger (32,800 tasks: 245 s). Per
 * statement each counter row is updated once and each set written by one query: that insert
 * 5.2 s → 1.4–1.7 s on the same (loaded) host, an update of 2,000 tasks 2.7 s → 0.2–0.4 s.
 *
 * The results are the same, with one difference a client cannot tell: a project's sync token moves
 * once per statement (per kind of change in it), not once per row, so the objects one statement
 * changes share a counter value, still above every token handed out before it.
 *
 * What stays per row:
 * - a task whose name in its project changes (moved, or a new uid): its tombstone under the old
 *   name and its fresh touch, as in 0041, by a row trigger whose WHEN (project or uid changed)
 *   costs nothing for the other rows; moves come one task at a time. The statement trigger
 *   touches it once more, after, which keeps its `born` and gives it the later counter value;
 * - the CalDAV tombstone of a deleted task, which must read the client's name for it before that
 *   row goes by cascade (a statement trigger runs only after the cascades);
 * - the triggers watching given columns of an update (PostgreSQL has no transition tables for
 *   those): the counters' moves and the search terms of an edited text, each behind a WHEN;
 * - writes that touch a row at a time: a label's title, a client's name for a task.
 * A statement changing one row costs about what it did (single-row inserts, updates, label
 * additions and deletes timed alike, before and after).
 *
 * SQLite keeps its row triggers: it has no statement triggers, and its row triggers run inside
 * the statement's own program (no function call per row) on counter rows updated in place, with
 * no versions left behind to walk past: the 1,000-task bulk label edit took 3 s there.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { MAX_TERM_LENGTH, postgresTerms } from './0028-search-terms.js';

/**
 * Creates a trigger function. `customPlans`: planned afresh on each call, for statements whose
 * best plan depends on how many rows there are (the others keep a plan that suits any count).
 */
async function createFunction(
  db: Kysely<unknown>,
  name: string,
  body: string,
  declare = '',
  customPlans = false,
) {
  await sql
    .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql
      ${customPlans ? 'SET plan_cache_mode = force_custom_plan' : ''} AS $$
      ${declare ? `DECLARE ${declare}` : ''}
      BEGIN
        ${body}
        RETURN NULL;
      END $$`)
    .execute(db);
}

/**
 * Statement triggers on `table`, one per event (transition tables allow a single event): the new
 * rows are `new_rows`, the old ones `old_rows` (on update only when `oldOnUpdate`).
 */
async function createStatementTriggers(
  db: Kysely<unknown>,
  name: string,
  table: string,
  events: ('INSERT' | 'UPDATE' | 'DELETE')[],
  fn: string,
  oldOnUpdate = true,
) {
  for (const event of events) {
    const referencing = {
      INSERT: 'NEW TABLE AS new_rows',
      UPDATE: `${oldOnUpdate ? 'OLD TABLE AS old_rows ' : ''}NEW TABLE AS new_rows`,
      DELETE: 'OLD TABLE AS old_rows',
    }[event];
    await sql
      .raw(`CREATE TRIGGER ${name}_${event.toLowerCase()} AFTER ${event} ON ${table}
        REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`)
      .execute(db);
  }
}

async function caldav(db: Kysely<unknown>) {
  await sql`DROP TRIGGER caldav_changes_tasks ON tasks`.execute(db);
  await sql`DROP FUNCTION ordo_caldav_changes_tasks()`.execute(db);
  // Tasks inserted: one fresh touch. Tasks updated: one touch; a task whose name in its project
  // changed (moved, or renamed) also leaves a tombstone under its old name and is fresh under the
  // new one, by a row trigger as before: its name changes only with its project or uid, which the
  // WHEN tells at no cost, and moves come one task at a time. A moved task is touched twice then
  // (the row trigger fires first), which keeps its `born` and moves its seq once more.
  await createFunction(
    db,
    'ordo_caldav_changes_tasks',
    `ids := ARRAY(SELECT id FROM new_rows);
     IF cardinality(ids) > 0 THEN PERFORM ordo_caldav_touch(ids, TG_OP = 'INSERT'); END IF;`,
    'ids integer[];',
  );
  await createStatementTriggers(
    db,
    'caldav_changes_tasks',
    'tasks',
    ['INSERT', 'UPDATE'],
    'ordo_caldav_changes_tasks',
    false,
  );
  const oldName = 'ordo_caldav_name(OLD.id, OLD.project_id, OLD.uid)';
  await sql
    .raw(`CREATE FUNCTION ordo_caldav_changes_task_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.project_id IS DISTINCT FROM NEW.project_id
          OR ${oldName} IS DISTINCT FROM ordo_caldav_name(NEW.id, NEW.project_id, NEW.uid) THEN
          PERFORM ordo_caldav_gone(OLD.project_id, ${oldName}, OLD.id);
          PERFORM ordo_caldav_touch(ARRAY[NEW.id], true);
        END IF;
        RETURN NULL;
      END $$`)
    .execute(db);
  await sql`CREATE TRIGGER caldav_changes_tasks_renamed AFTER UPDATE ON tasks FOR EACH ROW
    WHEN (OLD.project_id IS DISTINCT FROM NEW.project_id OR OLD.uid IS DISTINCT FROM NEW.uid)
    EXECUTE FUNCTION ordo_caldav_changes_task_renamed()`.execute(db);

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
    '',
    true,
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
 * Inserted rows add to their key's count (a row made for a key that has none; keys written in
 * order), deleted ones take from it: one write per key. The row function stays for the update
 * trigger.
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
