/**
 * Reads that start together go to PostgreSQL together (src/db/read-batch.ts). These tests talk to
 * a real PostgreSQL server in both api projects: the pool is PostgreSQL's alone.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { type RequestWork, requestWork } from '../src/db/request-work.js';
import { openEmptyPostgres } from './support/test-app.js';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openEmptyPostgres());
});
afterAll(() => close());

const backend = () =>
  sql<{ pid: number; n: number }>`select pg_backend_pid() as pid, 1 as n`
    .execute(db.kysely)
    .then((r) => r.rows[0].pid);

describe('reads started together', () => {
  it('run on one connection and each get their own answer', async () => {
    const answers = await db.readTogether(() =>
      Promise.all(
        [1, 2, 3, 4, 5].map((n) => sql<{ n: number }>`select ${n}::int * 10 as n`.execute(db.kysely)),
      ),
    );
    expect(answers.map((a) => a.rows[0].n)).toEqual([10, 20, 30, 40, 50]);
    const pids = await db.readTogether(() => Promise.all([backend(), backend(), backend()]));
    expect(new Set(pids).size).toBe(1);
  });

  it('fail one by one: an error answers its own query, the others theirs', async () => {
    const settled = await db.readTogether(() =>
      Promise.allSettled([
        sql`select 1 as n`.execute(db.kysely),
        sql`select 1 / 0 as n`.execute(db.kysely),
        sql<{ n: number }>`select 3 as n`.execute(db.kysely),
      ]),
    );
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason.message).toMatch(/division by zero/);
    expect((settled[2] as PromiseFulfilledResult<{ rows: { n: number }[] }>).value.rows[0].n).toBe(3);
  });

  it('give the connection back, also when the work fails before a query ran', async () => {
    // The pool holds ten connections: a batch that kept its own would stall the eleventh.
    for (let i = 0; i < 12; i++) {
      await db.readTogether(() => Promise.all([backend(), backend()]));
      await expect(
        db.readTogether(() => Promise.all([backend(), Promise.reject(new Error('no'))])),
      ).rejects.toThrow('no');
    }
    expect(await Promise.all(Array.from({ length: 12 }, backend))).toHaveLength(12);
  });

  it('give the connection back once their own queries are answered, before the work goes on', async () => {
    // Twelve works at once on a pool of ten, each reading a second time after its batch: had a
    // batch kept its connection until its work settled, the ten holding one would each wait for
    // another, forever.
    const work = () =>
      db.readTogether(async () => {
        const [first] = await Promise.all([backend(), backend()]);
        const second = await backend();
        return [first, second];
      });
    const all = Promise.all(Array.from({ length: 12 }, work));
    const stalled = new Promise((_, reject) => setTimeout(() => reject(new Error('stalled')), 20_000));
    expect(await Promise.race([all, stalled])).toHaveLength(12);
  });

  it('leave queries started after the first await, and transactions, to the pool', async () => {
    await sql`create table read_batch_probe (a int)`.execute(db.kysely);
    const seen = await db.readTogether(async () => {
      const first = await backend();
      // A transaction begun later runs on a connection of its own and commits as usual.
      await db.kysely.transaction().execute(async (trx) => {
        await sql`insert into read_batch_probe values (1)`.execute(trx);
      });
      return first;
    });
    expect(typeof seen).toBe('number');
    const rows = (await sql<{ a: number }>`select a from read_batch_probe`.execute(db.kysely)).rows;
    expect(rows).toEqual([{ a: 1 }]);
  });
});

describe("a request's read sent with its first query, and writes held until it allows them", () => {
  const work = (more: Partial<RequestWork>): RequestWork => ({
    wrote: false,
    clientGone: () => false,
    ...more,
  });

  it('goes to the database in the batch of the first query', async () => {
    let riding: Promise<number> | undefined;
    const scope = work({});
    scope.readWithFirstQuery = () => {
      scope.readWithFirstQuery = undefined;
      riding = backend();
    };
    const pids = await requestWork.run(scope, () =>
      db.readTogether(() => Promise.all([backend(), backend()])),
    );
    expect(riding).toBeDefined();
    expect(new Set([...pids, await riding]).size).toBe(1);
  });

  it('holds a write until allowed, refuses it when not, and lets reads through meanwhile', async () => {
    await sql`create table write_wait_probe (a int)`.execute(db.kysely);
    let allow!: () => void;
    const allowed = new Promise<void>((resolve) => {
      allow = resolve;
    });
    const scope = work({ beforeWrite: () => allowed });
    const written = requestWork.run(scope, () =>
      sql`insert into write_wait_probe values (1)`.execute(db.kysely),
    );
    // Reads, plain or WITH, do not wait; the insert does.
    const read = await requestWork.run(scope, () =>
      sql<{ n: number }>`with x as (select 2 as n) select n from x`.execute(db.kysely),
    );
    expect(read.rows[0].n).toBe(2);
    const count = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from write_wait_probe`.execute(db.kysely)).rows[0].n,
      );
    expect(await count()).toBe(0);
    allow();
    await written;
    expect(await count()).toBe(1);
    expect(scope.wrote).toBe(true);

    const refused = work({ beforeWrite: () => Promise.reject(new Error('session ended')) });
    const writes: (() => Promise<unknown>)[] = [
      () => sql`insert into write_wait_probe values (2)`.execute(db.kysely),
      () =>
        db.kysely
          .insertInto('write_wait_probe' as never)
          .values({ a: 3 } as never)
          .execute(),
      () =>
        sql`with gone as (delete from write_wait_probe returning a) select a from gone`.execute(db.kysely),
      () =>
        db.kysely.transaction().execute((trx) => sql`insert into write_wait_probe values (4)`.execute(trx)),
    ];
    for (const write of writes) {
      await expect(requestWork.run(refused, write)).rejects.toThrow('session ended');
    }
    expect(await count()).toBe(1);
  });
});
