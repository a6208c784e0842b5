/**
 * Cleans the rich text stored before every write path sanitised it (project, saved-filter, team
 * and label descriptions were kept as sent; task descriptions and comments allowed `data:` URLs)
 * by the policy every write now follows (modules/rich-text/sanitize.ts).
 *
 * Each table is read in batches by id, so memory stays flat on large installs, and only a row
 * whose text the policy changes is written: running it again, or over clean data, writes nothing.
 * `updated` is left as it was. The cleaning is not an edit by anyone: bumping it would re-sort
 * "recently updated" lists and tell sync clients every old row changed. CalDAV clients still see
 * a cleaned task change, as its ETag is a hash of its content.
 */
import { type Kysely, sql } from 'kysely';
import { sanitizeRichText } from '../../modules/rich-text/sanitize.js';

/** Every rich-text column: table → column. */
export const RICH_TEXT_COLUMNS = [
  ['tasks', 'description'],
  ['task_comments', 'comment'],
  ['projects', 'description'],
  ['saved_filters', 'description'],
  ['teams', 'description'],
  ['labels', 'description'],
] as const;

const BATCH = 500;

async function cleanColumn(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; text: string }>`SELECT id, ${sql.ref(column)} AS text
      FROM ${sql.table(table)} WHERE id > ${after} AND ${sql.ref(column)} <> '' ORDER BY id LIMIT ${BATCH}`.execute(
      db,
    );
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1].id);
    const changed = rows
      .map((row) => ({ id: Number(row.id), text: sanitizeRichText(row.text) }))
      .filter((row, i) => row.text !== rows[i].text);
    if (changed.length === 0) continue;
    const write = async (trx: Kysely<unknown>) => {
      for (const row of changed) {
        await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${row.text} WHERE id = ${row.id}`.execute(
          trx,
        );
      }
    };
    // PostgreSQL runs the migration in a transaction; SQLite's writes are grouped per batch.
    if (db.isTransaction) await write(db);
    else await db.transaction().execute(write);
  }
}

export function richTextCleanup() {
  return {
    async up(db: Kysely<unknown>) {
      for (const [table, column] of RICH_TEXT_COLUMNS) await cleanColumn(db, table, column);
    },
  };
}
