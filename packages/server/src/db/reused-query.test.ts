import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reusedQuery } from './reused-query.js';
import { withStatementCache } from './statement-cache.js';

interface Db {
  items: { id: Generated<number>; owner: number; title: string; done: number | boolean };
}

let db: Kysely<Db>;
const compiled: string[] = [];

beforeEach(async () => {
  const sqlite = new SQLite(':memory:');
  db = new Kysely<Db>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    log: (event) => {
      if (event.level === 'query') compiled.push(event.query.sql);
    },
  });
  await sql`CREATE TABLE items (id INTEGER PRIMARY KEY, owner INTEGER NOT NULL, title TEXT NOT NULL, done INTEGER NOT NULL)`.execute(
    db,
  );
  await db
    .insertInto('items')
    .values([
      { owner: 1, title: 'a', done: 0 },
      { owner: 1, title: 'b', done: 1 },
      { owner: 2, title: 'c', done: 0 },
      { owner: 2, title: 'd', done: 0 },
    ])
    .execute();
});
afterEach(async () => db.destroy());

describe('reusedQuery', () => {
  it('answers each call with its own arguments, scalars and lists alike', async () => {
    const titles = reusedQuery(db, (owner: number, ids: readonly number[]) =>
      db
        .selectFrom('items')
        .select('title')
        .where('owner', '=', owner)
        .where('id', 'in', ids)
        .where('done', '=', false)
        .orderBy('id'),
    );
    expect(await titles(1, [1, 2, 3])).toEqual([{ title: 'a' }]);
    expect(await titles(2, [1, 2, 3])).toEqual([{ title: 'c' }]);
    expect(await titles(2, [3, 4])).toEqual([{ title: 'c' }, { title: 'd' }]);
    expect(await titles(2, [4, 1])).toEqual([{ title: 'd' }]);
  });

  it('keeps values the builder bound itself, and sql templates work too', async () => {
    const count = reusedQuery(
      db,
      (owner: number) =>
        sql<{ n: number }>`SELECT count(*) AS n FROM items WHERE owner = ${owner} AND title <> ${'zzz'}`,
    );
    expect(await count(1)).toEqual([{ n: 2 }]);
    expect(await count(3)).toEqual([{ n: 0 }]);
  });

  it('builds and compiles once per list length', async () => {
    let builds = 0;
    const byIds = reusedQuery(db, (ids: readonly number[]) => {
      builds++;
      return db.selectFrom('items').select('id').where('id', 'in', ids).orderBy('id');
    });
    expect(await byIds([1, 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(await byIds([3, 4])).toEqual([{ id: 3 }, { id: 4 }]);
    expect(builds).toBe(1);
    expect(await byIds([1, 2, 3])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(builds).toBe(2);
    expect(compiled.at(-1)).toBe('select "id" from "items" where "id" in (?, ?, ?) order by "id"');
  });

  it('refuses a builder that uses an argument other than as a value', async () => {
    const bad = reusedQuery(db, (title: string) =>
      db
        .selectFrom('items')
        .select('id')
        .where(sql.raw(`title = '${title}'`) as never),
    );
    await expect(bad('a')).rejects.toThrow(/did not bind every argument/);
  });
});
