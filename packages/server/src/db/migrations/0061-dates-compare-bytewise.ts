/**
 * PostgreSQL: every date column (an ISO 8601 string in `varchar(30)`) compares byte by byte
 * (collation "C"), as SQLite compares them.
 *
 * The columns had the database's collation, which PostgreSQL compares through the C library's
 * `strcoll` for every comparison, even where it orders these strings just as bytes do (all they
 * hold is digits, `-`, `:`, `.`, `T` and `Z`). A filter on dates walks an index comparing every
 * entry it passes with the range's end: counting 20,000 tasks due within a month took 2.1 ms on
 * `C.UTF-8`, 1.7 ms with "C" (and a database on `en_US.UTF-8`, as many are, compares slower
 * still). Orders and results are unchanged: these strings sort the same bytewise.
 *
 * Changing a column's collation keeps its rows and rebuilds the indexes on it. A comparison of a
 * "C" column with a column or a parameter of the default collation uses "C", so queries need no
 * change. A date column added by a later migration should be `varchar(30) COLLATE "C"` as well;
 * a test checks that every one is.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** The date columns there are at this migration, by table. */
const DATE_COLUMNS: Record<string, string[]> = {
  account_tokens: ['created'],
  api_tokens: ['created', 'expires_at', 'updated'],
  buckets: ['created', 'updated'],
  caldav_tokens: ['created'],
  files: ['created'],
  import_fingerprints: ['imported_at'],
  label_tasks: ['created'],
  labels: ['created', 'updated'],
  link_shares: ['created', 'updated'],
  migration_status: ['finished_at', 'heartbeat_at', 'started_at'],
  notifications: ['created', 'read_at'],
  overdue_digests: ['created'],
  overdue_webhook_days: ['created'],
  project_fields: ['created', 'updated'],
  project_teams: ['created', 'updated'],
  project_users: ['created', 'updated'],
  project_views: ['created', 'updated'],
  projects: ['created', 'updated'],
  reactions: ['created'],
  reminder_deliveries: ['created', 'reminder'],
  saved_filters: ['created', 'updated'],
  sessions: ['created', 'last_active'],
  subscriptions: ['created'],
  task_activity: ['created'],
  task_assignees: ['created'],
  task_attachments: ['created'],
  task_comments: ['created', 'updated'],
  task_relations: ['created'],
  task_reminders: ['created', 'reminder'],
  tasks: ['created', 'done_at', 'due_date', 'end_date', 'start_date', 'updated'],
  team_members: ['created'],
  teams: ['created', 'updated'],
  templates: ['created', 'updated'],
  totp: ['created'],
  trash: ['deleted_at'],
  user_exports: ['build_started'],
  users: ['created', 'deletion_scheduled_at', 'updated'],
  webhook_retries: ['claimed_until', 'due_at'],
  webhooks: ['created', 'updated'],
};

export function datesCompareBytewise(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      for (const [table, columns] of Object.entries(DATE_COLUMNS)) {
        // One statement a table, so its indexes are rebuilt once.
        const changes = columns.map((c) => sql`ALTER COLUMN ${sql.ref(c)} TYPE varchar(30) COLLATE "C"`);
        await sql`ALTER TABLE ${sql.table(table)} ${sql.join(changes)}`.execute(db);
      }
    },
  };
}
