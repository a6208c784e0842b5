/**
 * Saved filters and full-text task search.
 *
 * A saved filter is a pseudo project `-(id + 1)` with real views (reference §4.9), so a view's
 * `project_id` may now be negative and can no longer reference `projects`. The foreign key is
 * replaced by triggers that delete a project's views with the project and a saved filter's views
 * with the filter (buckets and task positions still cascade from the view).
 *
 * Search: SQLite gets an FTS5 table with the trigram tokenizer over title and description (external
 * content, kept in sync by triggers); PostgreSQL gets pg_trgm GIN indexes on the lower-cased
 * columns. Both answer case-insensitive substring searches from an index, which is what users
 * expect from a search box.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { boolDefault, withId } from './helpers.js';

const date = 'varchar(30)';
const float = 'double precision';

async function createSavedFilters(db: Kysely<unknown>, dialect: Dialect) {
  await withId(db.schema.createTable('saved_filters'), dialect)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(250)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // JSON text of {s, sort_by, order_by, filter, filter_include_nulls, filter_timezone?}
    .addColumn('filters', 'text', (c) => c.notNull())
    .addColumn('is_favorite', 'boolean', boolDefault(false))
    .addColumn('created', date, (c) => c.notNull())
    .addColumn('updated', date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('saved_filters_owner_id').on('saved_filters').column('owner_id').execute();
}

/** SQLite cannot drop a foreign key: the table is rebuilt with foreign keys off (SQLite's own recipe). */
async function rebuildSqliteViews(db: Kysely<unknown>) {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await withId(db.schema.createTable('project_views_new'), 'sqlite')
      .addColumn('project_id', 'integer', (c) => c.notNull())
      .addColumn('title', 'varchar(250)', (c) => c.notNull())
      .addColumn('view_kind', 'varchar(10)', (c) => c.notNull().defaultTo('list'))
      .addColumn('filter', 'text')
      .addColumn('position', float, (c) => c.notNull().defaultTo(0))
      .addColumn('bucket_configuration_mode', 'varchar(10)', (c) => c.notNull().defaultTo('none'))
      .addColumn('bucket_configuration', 'text')
      .addColumn('default_bucket_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('done_bucket_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created', date, (c) => c.notNull())
      .addColumn('updated', date, (c) => c.notNull())
      .execute();
    await sql`INSERT INTO project_views_new SELECT id, project_id, title, view_kind, filter, position,
      bucket_configuration_mode, bucket_configuration, default_bucket_id, done_bucket_id, created, updated
      FROM project_views`.execute(db);
    await sql`DROP TABLE project_views`.execute(db);
    await sql`ALTER TABLE project_views_new RENAME TO project_views`.execute(db);
    await db.schema
      .createIndex('project_views_project_id')
      .on('project_views')
      .column('project_id')
      .execute();
    const broken = await sql`PRAGMA foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error('project_views rebuild left dangling foreign keys');
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
  await sql`CREATE TRIGGER project_views_follow_projects AFTER DELETE ON projects BEGIN
    DELETE FROM project_views WHERE project_id = OLD.id; END`.execute(db);
  await sql`CREATE TRIGGER project_views_follow_saved_filters AFTER DELETE ON saved_filters BEGIN
    DELETE FROM project_views WHERE project_id = -OLD.id - 1; END`.execute(db);
}

async function sqliteSearch(db: Kysely<unknown>) {
  await sql`CREATE VIRTUAL TABLE tasks_fts USING fts5(title, description,
    content='tasks', content_rowid='id', tokenize='trigram')`.execute(db);
  await sql`INSERT INTO tasks_fts(tasks_fts) VALUES ('rebuild')`.execute(db);
  await sql`CREATE TRIGGER tasks_fts_insert AFTER INSERT ON tasks BEGIN
    INSERT INTO tasks_fts(rowid, title, description) VALUES (NEW.id, NEW.title, NEW.description); END`.execute(
    db,
  );
  await sql`CREATE TRIGGER tasks_fts_delete AFTER DELETE ON tasks BEGIN
    INSERT INTO tasks_fts(tasks_fts, rowid, title, description) VALUES ('delete', OLD.id, OLD.title, OLD.description);
    END`.execute(db);
  await sql`CREATE TRIGGER tasks_fts_update AFTER UPDATE OF title, description ON tasks BEGIN
    INSERT INTO tasks_fts(tasks_fts, rowid, title, description) VALUES ('delete', OLD.id, OLD.title, OLD.description);
    INSERT INTO tasks_fts(rowid, title, description) VALUES (NEW.id, NEW.title, NEW.description); END`.execute(
    db,
  );
}

async function postgresViews(db: Kysely<unknown>) {
  await sql`ALTER TABLE project_views DROP CONSTRAINT IF EXISTS project_views_project_id_fkey`.execute(db);
  await sql`CREATE FUNCTION ordo_delete_project_views() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN DELETE FROM project_views WHERE project_id = OLD.id; RETURN OLD; END $$`.execute(db);
  await sql`CREATE FUNCTION ordo_delete_saved_filter_views() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN DELETE FROM project_views WHERE project_id = -OLD.id - 1; RETURN OLD; END $$`.execute(db);
  await sql`CREATE TRIGGER project_views_follow_projects AFTER DELETE ON projects
    FOR EACH ROW EXECUTE FUNCTION ordo_delete_project_views()`.execute(db);
  await sql`CREATE TRIGGER project_views_follow_saved_filters AFTER DELETE ON saved_filters
    FOR EACH ROW EXECUTE FUNCTION ordo_delete_saved_filter_views()`.execute(db);
}

async function postgresSearch(db: Kysely<unknown>) {
  // pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE INDEX tasks_title_trgm ON tasks USING gin (lower(title) gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX tasks_description_trgm ON tasks USING gin (lower(description) gin_trgm_ops)`.execute(
    db,
  );
}

export function savedFiltersAndSearch(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createSavedFilters(db, dialect);
      if (dialect === 'sqlite') {
        await rebuildSqliteViews(db);
        await sqliteSearch(db);
      } else {
        await postgresViews(db);
        await postgresSearch(db);
      }
    },
  };
}
