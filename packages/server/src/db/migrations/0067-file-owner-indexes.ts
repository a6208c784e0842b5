/**
 * An index on every column that points at a stored file: attachments, project backgrounds, data
 * exports and avatars (trash entries' files have theirs since 0053). The sweep of files nothing
 * points at (modules/attachments/files/orphans.ts) asks each of these, for every file it looks
 * at, whether a row points there; without an index each answer read the whole table, so the
 * sweep at start-up took seconds at 20,000 attachments and grew with their square. PostgreSQL's
 * cascade from a deleted file to its attachment reads the index too.
 */
import type { Kysely } from 'kysely';

const POINTERS = [
  { index: 'task_attachments_file', table: 'task_attachments', column: 'file_id' },
  { index: 'projects_background_file', table: 'projects', column: 'background_file_id' },
  { index: 'user_exports_file', table: 'user_exports', column: 'file_id' },
  { index: 'users_avatar_file', table: 'users', column: 'avatar_file_id' },
] as const;

export function fileOwnerIndexes() {
  return {
    async up(db: Kysely<unknown>) {
      for (const { index, table, column } of POINTERS) {
        await db.schema.createIndex(index).on(table).column(column).execute();
      }
    },
  };
}
