/**
 * Cleans the rich text stored before every write path sanitised it (project, saved-filter, team
 * and label descriptions were kept as sent; task descriptions and comments allowed `data:` URLs)
 * by the policy every write now follows (modules/rich-text/sanitize.ts). Notifications keep a copy
 * of the task, project, comment or team they are about, so their payloads are cleaned too.
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

/** The cleaned text, or null when the policy leaves it as it is. */
type Cleaner = (text: string) => string | null;

const cleanRichText: Cleaner = (text) => {
  const clean = sanitizeRichText(text);
  return clean === text ? null : clean;
};

/**
 * A notification's payload (JSON) holds its objects as the API serialised them: every string
 * `description` (of a task, project, team or label) and `comment` (of a comment) is rich text.
 */
const cleanPayload: Cleaner = (text) => {
  let changed = false;
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const clean = (key === 'description' || key === 'comment') && typeof inner === 'string';
      const cleaned = clean ? cleanRichText(inner) : null;
      if (cleaned !== null) changed = true;
      out[key] = cleaned ?? walk(inner);
    }
    return out;
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const cleaned = walk(parsed);
  return changed ? JSON.stringify(cleaned) : null;
};

async function cleanColumn(
  db: Kysely<unknown>,
  table: string,
  column: string,
  clean: Cleaner,
): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; text: string }>`SELECT id, ${sql.ref(column)} AS text
      FROM ${sql.table(table)} WHERE id > ${after} AND ${sql.ref(column)} <> '' ORDER BY id LIMIT ${BATCH}`.execute(
      db,
    );
    if (rows.length === 0) return;
    after = Number(rows[rows.length - 1].id);
    const changed = rows.flatMap((row) => {
      const text = clean(row.text);
      return text === null ? [] : [{ id: Number(row.id), text }];
    });
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
      for (const [table, column] of RICH_TEXT_COLUMNS) await cleanColumn(db, table, column, cleanRichText);
      await cleanColumn(db, 'notifications', 'payload', cleanPayload);
    },
  };
}
