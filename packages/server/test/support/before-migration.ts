/**
 * A migration's test starts from a database of its own, migrated up to the migration before the
 * one tested, holding user 1 ("owner") and projects 1…n ("Project 1", …): the rows most such
 * tests start from. The test writes its own rows as they were then, migrates on and checks them.
 */
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.js';
import { type Db, type Dialect, openDatabase } from '../../src/db/database.js';
import { migrateTo } from '../../src/db/migrate.js';
import { createEmptyDatabase, testDialect } from './test-app.js';

export async function beforeMigration(
  previous: string,
  run: (db: Db, now: string) => Promise<void>,
  { dialect = testDialect, projects = 1 }: { dialect?: Dialect; projects?: number } = {},
): Promise<void> {
  const empty = await createEmptyDatabase(dialect);
  const db = openDatabase(loadConfig({ DATABASE_URL: empty.url, ORDO_DATA_DIR: empty.dataDir }).database);
  try {
    await migrateTo(db, previous);
    const now = new Date().toISOString();
    await sql`INSERT INTO users (id, username, email, name, password_hash, created, updated)
      VALUES (1, 'owner', 'owner@example.com', '', '', ${now}, ${now})`.execute(db.kysely);
    for (let id = 1; id <= projects; id++) {
      await sql`INSERT INTO projects (id, title, owner_id, created, updated)
        VALUES (${id}, ${`Project ${id}`}, 1, ${now}, ${now})`.execute(db.kysely);
    }
    await run(db, now);
  } finally {
    await db.close();
    await empty.drop();
  }
}
