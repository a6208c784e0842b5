/**
 * On PostgreSQL a reused query binds an array argument's `in (…)` list as one array parameter
 * (src/db/reused-query.ts). These tests talk to a real PostgreSQL server in both api projects.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { reusedQuery } from '../src/db/reused-query.js';
import { openEmptyPostgres } from './support/test-app.js';

let db: Db;
let close: () => Promise<void>;

type Probe = {
  reused_query_probe: { id: number; owner: number; title: string };
};

beforeAll(async () => {
  ({ db, close } = await openEmptyPostgres());
  await sql`create table reused_query_probe (id int primary key, owner int not null, title text not null)`.execute(
    db.kysely,
  );
  await sql`insert into reused_query_probe values (1, 1, 'a'), (2, 1, 'b'), (3, 2, 'c'), (4, 2, 'd'), (5, 3, 'e'), (6, 3, 'f, "g"}')`.execute(
    db.kysely,
  );
});
afterAll(() => close());

describe('reused queries on PostgreSQL', () => {
  it('answer in (…) lists of every length with one statement text, the list bound as one array', async () => {
    const probe = db.kysely.withTables<Probe>();
    const texts: string[] = [];
    const titles = reusedQuery(probe, (owners: readonly number[], title: string, ids: readonly number[]) => {
      const query = probe
        .selectFrom('reused_query_probe')
        .select('title')
        .where('owner', 'in', owners)
        .where('title', '<>', title)
        .where('id', 'in', ids)
        .orderBy('id');
      texts.push(query.compile().sql);
      return query;
    });
    expect(await titles([1, 2], 'b', [1, 2, 3, 5])).toEqual([{ title: 'a' }, { title: 'c' }]);
    expect(await titles([2], 'zz', [4])).toEqual([{ title: 'd' }]);
    expect(await titles([3, 1, 2], 'a', [5, 4, 3, 2, 1])).toEqual([
      { title: 'b' },
      { title: 'c' },
      { title: 'd' },
      { title: 'e' },
    ]);
    expect(texts).toHaveLength(3);
    const statements = await db.kysely.connection().execute(async (conn) => {
      // Twice on one connection: the second run goes out as a named statement.
      for (const ids of [[1], [2, 3]]) await titles([1, 2, 3], '', ids);
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn))
        .rows;
    });
    expect(statements.map((s) => s.statement)).toContain(
      'select "title" from "reused_query_probe" where "owner" = any($1) and "title" <> $2 and "id" = any($3) order by "id"',
    );
  });

  it('leave not in (…) and items not listed together as they are', async () => {
    const probe = db.kysely.withTables<Probe>();
    const others = reusedQuery(probe, (ids: readonly number[]) =>
      probe.selectFrom('reused_query_probe').select('id').where('id', 'not in', ids).orderBy('id'),
    );
    expect(await others([1, 2, 3, 6])).toEqual([{ id: 4 }, { id: 5 }]);
    expect(await others([5, 6])).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }]);
    const split = reusedQuery(
      probe,
      (ids: readonly number[]) =>
        sql<{
          id: number;
        }>`select id from reused_query_probe where id in (${ids[0]}) or id = ${ids[1]} order by id`,
    );
    expect(await split([4, 1])).toEqual([{ id: 1 }, { id: 4 }]);
    expect(await split([2, 5])).toEqual([{ id: 2 }, { id: 5 }]);
  });

  it('bind lists of text as arrays too, commas, quotes and braces included', async () => {
    const probe = db.kysely.withTables<Probe>();
    const ids = reusedQuery(probe, (titles: readonly string[]) =>
      probe.selectFrom('reused_query_probe').select('id').where('title', 'in', titles).orderBy('id'),
    );
    expect(await ids(['f, "g"}', 'a'])).toEqual([{ id: 1 }, { id: 6 }]);
    expect(await ids(['{', 'e'])).toEqual([{ id: 5 }]);
  });
});
