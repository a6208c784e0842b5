/**
 * PostgreSQL rows built once per shape (src/db/shaped-query.ts) are the rows pg builds itself:
 * the same keys in the same order and the same values. Talks to a real PostgreSQL server in both
 * api projects.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Sets the app's type parsers (bigint as a number), as the server has them.
import '../src/db/database.js';
import { runShaped } from '../src/db/shaped-query.js';
import { createEmptyDatabase } from './support/test-app.js';

let client: pg.Client;
let drop: () => Promise<void>;
let url: string;

beforeAll(async () => {
  const created = await createEmptyDatabase('postgres');
  drop = created.drop;
  url = created.url;
  client = new pg.Client({ connectionString: created.url });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await drop();
});

const shaped = (text: string, values?: unknown[], name?: string) => runShaped(client, text, values, name);

/** Both ways, compared by their JSON (which keeps key order) and their values. */
async function expectSameRows(text: string, values?: unknown[], name?: string) {
  const expected = await client.query({ text, values });
  for (let run = 0; run < 3; run++) {
    const actual = await shaped(text, values, name);
    expect(JSON.stringify(actual.rows)).toBe(JSON.stringify(expected.rows));
    expect(actual.rows).toEqual(expected.rows);
    expect(actual.rows.map((r) => Object.keys(r))).toEqual(expected.rows.map((r) => Object.keys(r)));
    expect(actual.rowCount).toBe(expected.rowCount);
    expect(actual.command).toBe(expected.command);
  }
}

describe('rows built once per shape', () => {
  it('read every type as pg reads it, nulls included', async () => {
    await expectSameRows(
      `select 1::int as i, 9007199254740991::bigint as big, count(*) as n, true as t, false as f,
         'text' as s, null::text as nothing, null::int as no_int, 1.5::float8 as x, 2.25::numeric as d,
         '{"a":[1,2]}'::json as j, '{"b":3}'::jsonb as jb, array[1,2,3] as arr, array['a','b'] as texts,
         '2026-01-02T03:04:05Z'::timestamptz as at, 'é"\\n'::varchar as quoted
       from generate_series(1, $1::int) g`,
      [3],
    );
  });

  it('keep the first place and the last value of a repeated column name', async () => {
    await expectSameRows('select 1 as a, $1::text as b, 2 as a', ['x']);
  });

  it('leave a __proto__ column to pg', async () => {
    await expectSameRows('select 1 as "__proto__", $1::int as b', [2]);
  });

  it('answer the same for named statements, simple queries and empty results', async () => {
    await expectSameRows('select $1::int + 1 as n', [1], 'shaped_probe');
    await expectSameRows('select 1 as n where false');
    await expectSameRows('select 1 as n, \'a\' as "weird ""name"""');
  });

  it('describe a named statement once per connection, and read its later rows by that shape', async () => {
    const connection = (client as unknown as { connection: { describe(message: unknown): void } }).connection;
    const describe = connection.describe;
    let described = 0;
    connection.describe = function (this: unknown, message: unknown) {
      described++;
      describe.call(this, message);
    };
    try {
      const text = 'select $1::int as n, $2::text as label, now() is not null as fresh';
      await expectSameRows(text, [7, 'seven'], 'shaped_described');
      // pg's own query for the expected rows is described, and ours only on the first of its 3 runs.
      expect(described).toBe(1 + 1);
      await expectSameRows('select $1::int as n where $1::int > 5', [1], 'shaped_empty');
      expect(described).toBe(2 + 1 + 1);
      // A failed run (division by zero) answers the error, and the statement still runs after it.
      await expect(shaped('select 10 / $1::int as q', [2], 'shaped_divide')).resolves.toMatchObject({
        rows: [{ q: 5 }],
      });
      await expect(shaped('select 10 / $1::int as q', [0], 'shaped_divide')).rejects.toThrow(
        /division by zero/,
      );
      await expect(shaped('select 10 / $1::int as q', [5], 'shaped_divide')).resolves.toMatchObject({
        rows: [{ q: 2 }],
      });
      // A value that cannot be sent fails that query only.
      const unsendable = {
        toPostgres: () => {
          throw new Error('cannot send this');
        },
      };
      await expect(shaped('select 10 / $1::int as q', [unsendable], 'shaped_divide')).rejects.toThrow(
        'cannot send this',
      );
      await expect(shaped('select 10 / $1::int as q', [1], 'shaped_divide')).resolves.toMatchObject({
        rows: [{ q: 10 }],
      });
      // Also on a statement's first run, when its Parse has been sent with the failed Bind.
      await expect(shaped('select 20 / $1::int as q', [unsendable], 'shaped_first')).rejects.toThrow(
        'cannot send this',
      );
      await expect(shaped('select 20 / $1::int as q', [4], 'shaped_first')).resolves.toMatchObject({
        rows: [{ q: 5 }],
      });
    } finally {
      connection.describe = describe;
    }
  });

  it('describe a named statement again on another connection', async () => {
    const text = 'select $1::int * 2 as twice';
    expect((await shaped(text, [2], 'shaped_other')).rows).toEqual([{ twice: 4 }]);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      const connection = (other as unknown as { connection: { describe(message: unknown): void } })
        .connection;
      const describe = connection.describe;
      let described = 0;
      connection.describe = function (this: unknown, message: unknown) {
        described++;
        describe.call(this, message);
      };
      expect((await runShaped(other, text, [3], 'shaped_other')).rows).toEqual([{ twice: 6 }]);
      expect((await runShaped(other, text, [4], 'shaped_other')).rows).toEqual([{ twice: 8 }]);
      expect(described).toBe(1);
    } finally {
      await other.end();
    }
  });

  it('build a text of new columns afresh', async () => {
    await client.query('create table shaped_probe (a int)');
    await client.query('insert into shaped_probe values (1)');
    await expectSameRows('select * from shaped_probe');
    await client.query('alter table shaped_probe add column b text default $$x$$');
    await expectSameRows('select * from shaped_probe');
  });

  it('answer each result of a text of several statements', async () => {
    const expected = (await client.query('select 1 as a; select 2 as b')) as unknown as pg.QueryResult[];
    const actual = (await shaped('select 1 as a; select 2 as b')) as unknown as pg.QueryResult[];
    expect(actual.map((r) => r.rows)).toEqual(expected.map((r) => r.rows));
  });

  it('fail a query as pg does', async () => {
    await expect(shaped('select 1/0 as n')).rejects.toThrow(/division by zero/);
    // The connection goes on answering.
    expect((await shaped('select 2 as n')).rows).toEqual([{ n: 2 }]);
  });
});
