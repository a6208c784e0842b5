/**
 * Task search by terms (replaces the trigram indexes of migration 0005 on the task text).
 *
 * Search finds words as case-insensitive substrings of a task's title or description (reference
 * §4.2). A word never holds white space, so it occurs in the text exactly when it occurs inside
 * one of the text's white-space separated terms. The text is therefore cut into terms, each term
 * stored once in `search_terms` (the vocabulary, with a trigram index to find the terms holding a
 * word), and every (term, task) pair in `task_search_terms`, marked when the term is in the title.
 * A search looks up a few vocabulary terms, then reads their tasks from one narrow index: no task
 * row is read to find or rank the matches, where the trigram indexes on the task text read and
 * re-checked every candidate row (2,400 matches of `plumber`: 1,760 heap pages on PostgreSQL).
 *
 * Triggers keep both tables in step with every write that changes the text, on both databases,
 * with the same cut: the lower-cased text split at space, tab, line feed and carriage return (all
 * white space to the search, which splits words at any). A term longer than MAX_TERM_LENGTH is
 * not stored (PostgreSQL's b-tree refuses very long keys); its task gets a row for the reserved
 * term id 0 instead, and the search checks such tasks' text directly.
 * The vocabulary only grows: a term no task uses any more costs a lookup, never a wrong match.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Longest term stored (characters); longer ones mark their task with term id 0. */
export const MAX_TERM_LENGTH = 200;

/** SQLite: the terms of a text as a json_each table (json_quote escapes; spaces stay literal). */
function sqliteTerms(text: string): string {
  const spaced = `replace(replace(replace(${text}, char(9), ' '), char(10), ' '), char(13), ' ')`;
  return `json_each('[' || replace(json_quote(lower(${spaced})), ' ', '","') || ']')`;
}

/** SQLite statements that index task `ref` (NEW in a trigger, or every row of tasks). */
function sqliteIndexTask(ref: 'NEW' | 'tasks'): string[] {
  const from = ref === 'NEW' ? '' : 'tasks, ';
  const whole = sqliteTerms(`${ref}.title || ' ' || ${ref}.description`);
  return [
    `INSERT OR IGNORE INTO search_terms(term)
      SELECT DISTINCT j.value FROM ${from}${whole} j WHERE j.value <> '' AND length(j.value) <= ${MAX_TERM_LENGTH}`,
    `INSERT INTO task_search_terms(term_id, task_id, in_title)
      SELECT st.id, src.task_id, max(src.in_title) FROM (
        SELECT ${ref}.id AS task_id, j.value AS term, 1 AS in_title FROM ${from}${sqliteTerms(`${ref}.title`)} j
        UNION ALL
        SELECT ${ref}.id, j.value, 0 FROM ${from}${sqliteTerms(`${ref}.description`)} j
      ) src JOIN search_terms st ON st.term = src.term
      GROUP BY st.id, src.task_id`,
    `INSERT OR IGNORE INTO task_search_terms(term_id, task_id, in_title)
      SELECT DISTINCT 0, ${ref}.id, 0 FROM ${from}${whole} j WHERE length(j.value) > ${MAX_TERM_LENGTH}`,
  ];
}

async function sqlite(db: Kysely<unknown>) {
  await sql`CREATE TABLE search_terms (id INTEGER PRIMARY KEY, term TEXT NOT NULL UNIQUE)`.execute(db);
  await sql`CREATE VIRTUAL TABLE search_terms_fts USING fts5(term,
    content='search_terms', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`CREATE TRIGGER search_terms_fts_insert AFTER INSERT ON search_terms BEGIN
    INSERT INTO search_terms_fts(rowid, term) VALUES (NEW.id, NEW.term); END`.execute(db);
  await sql`CREATE TABLE task_search_terms (term_id INTEGER NOT NULL, task_id INTEGER NOT NULL,
    in_title INTEGER NOT NULL, PRIMARY KEY (term_id, task_id)) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX task_search_terms_task ON task_search_terms(task_id)`.execute(db);
  for (const statement of sqliteIndexTask('tasks')) await sql.raw(statement).execute(db);
  const indexNew = sqliteIndexTask('NEW')
    .map((s) => `${s};`)
    .join('\n');
  await sql
    .raw(`CREATE TRIGGER task_search_terms_insert AFTER INSERT ON tasks BEGIN ${indexNew} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER task_search_terms_update AFTER UPDATE OF title, description ON tasks
    WHEN OLD.title IS NOT NEW.title OR OLD.description IS NOT NEW.description BEGIN
    DELETE FROM task_search_terms WHERE task_id = OLD.id; ${indexNew} END`)
    .execute(db);
  await sql`CREATE TRIGGER task_search_terms_delete AFTER DELETE ON tasks BEGIN
    DELETE FROM task_search_terms WHERE task_id = OLD.id; END`.execute(db);
  // The trigram index over the task text is no longer read.
  for (const name of ['tasks_fts_insert', 'tasks_fts_delete', 'tasks_fts_update']) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS tasks_fts`.execute(db);
}

/** PostgreSQL: the terms of a text, as a set. */
export function postgresTerms(text: string): string {
  return `regexp_split_to_table(lower(${text}), '[ \\t\\n\\r]+')`;
}

/**
 * PostgreSQL: the statements that index the task NEW in a trigger, its terms into the vocabulary
 * and its (term, task) pairs (migration 0033's trigger function runs them too).
 */
export const POSTGRES_INDEX_NEW_TASK = `      INSERT INTO search_terms(term)
        SELECT DISTINCT t FROM ${postgresTerms(`NEW.title || ' ' || NEW.description`)} t
        WHERE t <> '' AND length(t) <= ${MAX_TERM_LENGTH} ORDER BY 1
        ON CONFLICT (term) DO NOTHING;
      INSERT INTO task_search_terms(term_id, task_id, in_title)
        SELECT st.id, NEW.id, max(src.in_title) FROM (
          SELECT t AS term, 1 AS in_title FROM ${postgresTerms('NEW.title')} t
          UNION ALL SELECT t, 0 FROM ${postgresTerms('NEW.description')} t
        ) src JOIN search_terms st ON st.term = src.term GROUP BY st.id;
      INSERT INTO task_search_terms(term_id, task_id, in_title)
        SELECT 0, NEW.id, 0 WHERE EXISTS (
          SELECT 1 FROM ${postgresTerms(`NEW.title || ' ' || NEW.description`)} t
          WHERE length(t) > ${MAX_TERM_LENGTH});`;

async function postgres(db: Kysely<unknown>) {
  await sql`CREATE TABLE search_terms (id serial PRIMARY KEY, term text NOT NULL UNIQUE)`.execute(db);
  await sql`CREATE INDEX search_terms_trgm ON search_terms USING gin (term gin_trgm_ops)`.execute(db);
  // in_title is INCLUDEd so a search reads the key alone (index-only scan).
  await sql`CREATE TABLE task_search_terms (term_id integer NOT NULL, task_id integer NOT NULL,
    in_title integer NOT NULL, PRIMARY KEY (term_id, task_id) INCLUDE (in_title))`.execute(db);
  await sql`CREATE INDEX task_search_terms_task ON task_search_terms(task_id)`.execute(db);
  // Two statements, not one with a data-modifying CTE: the second takes a fresh snapshot, so it
  // sees a term another transaction inserted (and committed) while this one waited on it.
  await sql
    .raw(`CREATE FUNCTION ordo_index_task_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN DELETE FROM task_search_terms WHERE task_id = OLD.id; END IF;
      IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
${POSTGRES_INDEX_NEW_TASK}
      RETURN NEW;
    END $$`)
    .execute(db);
  await sql`CREATE TRIGGER task_search_terms_insert AFTER INSERT ON tasks
    FOR EACH ROW EXECUTE FUNCTION ordo_index_task_search_terms()`.execute(db);
  await sql`CREATE TRIGGER task_search_terms_update AFTER UPDATE OF title, description ON tasks
    FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.description IS DISTINCT FROM NEW.description)
    EXECUTE FUNCTION ordo_index_task_search_terms()`.execute(db);
  await sql`CREATE TRIGGER task_search_terms_delete AFTER DELETE ON tasks
    FOR EACH ROW EXECUTE FUNCTION ordo_index_task_search_terms()`.execute(db);
  await sql
    .raw(`INSERT INTO search_terms(term)
      SELECT DISTINCT t FROM tasks, ${postgresTerms(`tasks.title || ' ' || tasks.description`)} t
      WHERE t <> '' AND length(t) <= ${MAX_TERM_LENGTH} ORDER BY 1`)
    .execute(db);
  await sql
    .raw(`INSERT INTO task_search_terms(term_id, task_id, in_title)
      SELECT st.id, src.task_id, max(src.in_title) FROM (
        SELECT tasks.id AS task_id, t AS term, 1 AS in_title FROM tasks, ${postgresTerms('tasks.title')} t
        UNION ALL SELECT tasks.id, t, 0 FROM tasks, ${postgresTerms('tasks.description')} t
      ) src JOIN search_terms st ON st.term = src.term GROUP BY st.id, src.task_id`)
    .execute(db);
  await sql
    .raw(`INSERT INTO task_search_terms(term_id, task_id, in_title)
      SELECT DISTINCT 0, tasks.id, 0 FROM tasks, ${postgresTerms(`tasks.title || ' ' || tasks.description`)} t
      WHERE length(t) > ${MAX_TERM_LENGTH}`)
    .execute(db);
  // The trigram indexes over the task text are no longer read.
  await sql`DROP INDEX IF EXISTS tasks_title_trgm`.execute(db);
  await sql`DROP INDEX IF EXISTS tasks_description_trgm`.execute(db);
  // Statistics now, not when autovacuum comes by: without them a word's terms were looked for by
  // reading the whole vocabulary.
  await sql`ANALYZE search_terms`.execute(db);
  await sql`ANALYZE task_search_terms`.execute(db);
}

export function searchTerms(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sqlite(db);
      else await postgres(db);
    },
  };
}
