import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

interface Db {
  items: { id: Generated<number>; title: string; done: number | boolean; note?: string | null };
}

let sqlite: SQLite.Database;
let db: Kysely<Db>;

beforeEach(async () => {
  sqlite = new SQLite(':memory:');
  db = new Kysely<Db>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  await sql`CREATE TABLE items (id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL, note TEXT)`.execute(
    db,
  );
});
afterEach(async () => db.destroy());

describe('statements from the cache', () => {
  it('bind booleans as 1 and 0, in values and in conditions', async () => {
    await db
      .insertInto('items')
      .values([
        { title: 'a', done: true },
        { title: 'b', done: false },
      ])
      .execute();
    expect(sqlite.prepare('SELECT title, done FROM items ORDER BY id').all()).toEqual([
      { title: 'a', done: 1 },
      { title: 'b', done: 0 },
    ]);
    const open = await db.selectFrom('items').select('title').where('done', '=', false).execute();
    expect(open).toEqual([{ title: 'b' }]);
  });

  it('answer rows as better-sqlite3 would: column names, their order, NULLs, a repeated name keeps the last', async () => {
    await db.insertInto('items').values({ title: 'x', done: 0, note: null }).execute();
    const rows = await sql<Record<string, unknown>>`SELECT id, title, note, done AS title FROM items`.execute(
      db,
    );
    const plain = sqlite.prepare('SELECT id, title, note, done AS title FROM items').all();
    expect(rows.rows).toEqual(plain);
    expect(Object.keys(rows.rows[0])).toEqual(Object.keys(plain[0] as object));
    expect(rows.rows[0]).toEqual({ id: 1, title: 0, note: null });
  });

  it('keep a column named __proto__ as a property, not as the prototype', async () => {
    const { rows } = await sql<Record<string, unknown>>`SELECT 1 AS "__proto__", 2 AS other`.execute(db);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value).toBe(1);
    expect(rows[0].other).toBe(2);
  });

  it('read the new columns of a cached statement after the table changes', async () => {
    await db.insertInto('items').values({ title: 'x', done: 0 }).execute();
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([
      { id: 1, title: 'x', done: 0, note: null },
    ]);
    await sql`ALTER TABLE items ADD COLUMN extra TEXT DEFAULT 'e'`.execute(db);
    expect(await db.selectFrom('items').selectAll().execute()).toEqual([
      { id: 1, title: 'x', done: 0, note: null, extra: 'e' },
    ]);
  });

  it('run a statement that writes and answers rows (RETURNING) once', async () => {
    const inserted = await db
      .insertInto('items')
      .values({ title: 'once', done: 0 })
      .returning(['id', 'title'])
      .execute();
    expect(inserted).toEqual([{ id: 1, title: 'once' }]);
    expect(sqlite.prepare('SELECT count(*) AS n FROM items').get()).toEqual({ n: 1 });
  });
});
