import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { pageWindow, reusablePageWindow } from './page-window.js';

interface Db {
  tasks: { id: number };
}

const postgres = new Kysely<Db>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const sqlite = new Kysely<Db>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const tasks = (db: Kysely<Db>) => db.selectFrom('tasks').select('id');

describe('pageWindow', () => {
  it.each([
    // The first page as literals on PostgreSQL, so that its generic plan is costed for it.
    ['PostgreSQL, first page', () => pageWindow(tasks(postgres), 'postgres', 50, 0), 'limit 50 offset 0', []],
    // A later page's offset stays a parameter, so that pages share one statement.
    [
      'PostgreSQL, later page',
      () => pageWindow(tasks(postgres), 'postgres', 50, 100),
      'limit 50 offset $1',
      [100],
    ],
    ['SQLite', () => pageWindow(tasks(sqlite), 'sqlite', 50, 0), 'limit ? offset ?', [50, 0]],
    // A reused query: one per page size, the later offset the item of its list.
    ['reused, first page', () => reusablePageWindow(tasks(sqlite), 25, []), 'limit 25 offset 0', []],
    ['reused, later page', () => reusablePageWindow(tasks(sqlite), 25, [75]), 'limit 25 offset ?', [75]],
  ] as const)('%s', (_, build, window, parameters) => {
    const q = build().compile();
    expect(q.sql).toBe(`select "id" from "tasks" ${window}`);
    expect(q.parameters).toEqual(parameters);
  });

  it('refuses a page size that is no whole number rather than write it into SQL', () => {
    expect(() => reusablePageWindow(tasks(postgres), Number.NaN, [])).toThrow(RangeError);
  });
});
