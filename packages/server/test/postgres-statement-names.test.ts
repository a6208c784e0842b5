/**
 * PostgreSQL queries seen before go out as named statements (src/db/statement-names.ts). These
 * tests talk to a real PostgreSQL server in both api projects: the pool is PostgreSQL's alone.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type Db, openDatabase } from '../src/db/database.js';
import { StatementNames } from '../src/db/statement-names.js';
import { createEmptyDatabase, openEmptyPostgres } from './support/test-app.js';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openEmptyPostgres());
});
afterAll(() => close());

describe('PostgreSQL statement names', () => {
  it('prepare a query on its connection from its second run, and answer the same rows', async () => {
    const prepared = await db.kysely.connection().execute(async (conn) => {
      const answers = [];
      for (const n of [1, 2, 3]) {
        answers.push((await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(conn)).rows[0].n);
      }
      const statements = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(conn);
      return { answers, statements: statements.rows };
    });
    expect(prepared.answers).toEqual([2, 3, 4]);
    expect(prepared.statements).toContainEqual({
      name: expect.stringMatching(/^ordo_g\d+_\d+$/),
      statement: 'select $1::int + 1 as n',
    });
  });

  it('keep answering after the schema under a prepared statement changes', async () => {
    await db.kysely.connection().execute(async (conn) => {
      await sql`create table statement_names_probe (a int)`.execute(conn);
      await sql`insert into statement_names_probe values (1)`.execute(conn);
      for (let i = 0; i < 3; i++) await sql`select * from statement_names_probe`.execute(conn);
      await sql`alter table statement_names_probe add column b int default 7`.execute(conn);
      // Without fresh names this answers "cached plan must not change result type".
      const rows = (await sql`select * from statement_names_probe`.execute(conn)).rows;
      expect(rows).toEqual([{ a: 1, b: 7 }]);
    });
  });

  it('keep answering after another server changes the schema under a prepared statement', async () => {
    const created = await createEmptyDatabase('postgres');
    const config = loadConfig({ DATABASE_URL: created.url, ORDO_DATA_DIR: created.dataDir }).database;
    // Two servers on one database, one connection each: the second migrates, as a newer Ordo would.
    const serving = openDatabase(config, { poolSize: 1 });
    const migrating = openDatabase(config, { poolSize: 1 });
    try {
      await sql`create table statement_names_shared (a int)`.execute(migrating.kysely);
      await sql`insert into statement_names_shared values (1)`.execute(migrating.kysely);
      const read = () => sql`select * from statement_names_shared`.execute(serving.kysely);
      for (let i = 0; i < 3; i++) await read();
      await sql`alter table statement_names_shared add column b int default 7`.execute(migrating.kysely);
      // A plain read, a transaction's read, then plain reads again: each answers the new shape.
      expect((await read()).rows).toEqual([{ a: 1, b: 7 }]);
      await sql`alter table statement_names_shared add column c int default 8`.execute(migrating.kysely);
      for (let i = 0; i < 3; i++) await read();
      await sql`alter table statement_names_shared drop column c`.execute(migrating.kysely);
      const inTransaction = serving.kysely
        .transaction()
        .execute((trx) => sql`select * from statement_names_shared`.execute(trx));
      await expect(inTransaction).rejects.toThrow('cached plan must not change result type');
      for (let i = 0; i < 3; i++) expect((await read()).rows).toEqual([{ a: 1, b: 7 }]);
    } finally {
      await serving.close();
      await migrating.close();
      await created.drop();
    }
  });

  it('keep answering reads sent together after another server changes the schema under them', async () => {
    const created = await createEmptyDatabase('postgres');
    const config = loadConfig({ DATABASE_URL: created.url, ORDO_DATA_DIR: created.dataDir }).database;
    const serving = openDatabase(config, { poolSize: 1 });
    const migrating = openDatabase(config, { poolSize: 1 });
    try {
      await sql`create table statement_names_batched (a int)`.execute(migrating.kysely);
      await sql`insert into statement_names_batched values (1)`.execute(migrating.kysely);
      // Three reads on one connection in one write (read-batch.ts), two of them of the changed table.
      const batch = () =>
        serving.readTogether(() =>
          Promise.all([
            sql`select * from statement_names_batched`.execute(serving.kysely),
            sql`select 2 as n`.execute(serving.kysely),
            sql`select a from statement_names_batched`.execute(serving.kysely),
          ]),
        );
      for (let i = 0; i < 3; i++) await batch();
      await sql`alter table statement_names_batched add column b int default 7`.execute(migrating.kysely);
      const answers = await batch();
      expect(answers.map((r) => r.rows)).toEqual([[{ a: 1, b: 7 }], [{ n: 2 }], [{ a: 1 }]]);
      expect((await batch()).map((r) => r.rows)).toEqual([[{ a: 1, b: 7 }], [{ n: 2 }], [{ a: 1 }]]);
    } finally {
      await serving.close();
      await migrating.close();
      await created.drop();
    }
  });

  it('leave transaction control, one-off texts and texts past the cap unnamed', () => {
    const names = new StatementNames();
    expect(names.nameFor('begin')).toBeUndefined();
    expect(names.nameFor('begin')).toBeUndefined();
    expect(names.nameFor('select 1')).toBeUndefined();
    const name = names.nameFor('select 1');
    expect(name).toMatch(/^ordo_g0_\d+$/);
    expect(names.nameFor('select 1')).toBe(name);
    for (let i = 0; i < 1000; i++) {
      names.nameFor(`select ${i + 2}`);
      names.nameFor(`select ${i + 2}`);
    }
    expect(names.nameFor('select 5000')).toBeUndefined();
    expect(names.nameFor('select 5000')).toBeUndefined();
    names.nameFor('alter table x add column y int');
    expect(names.nameFor('select 1')).toBeUndefined();
    expect(names.nameFor('select 1')).toMatch(/^ordo_g1_\d+$/);
  });
});
