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
import { pageWindow } from './page-window.js';

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

describe('pageWindow', () => {
  it('writes the first page as literals on PostgreSQL, so that its generic plan is costed for it', () => {
    const q = pageWindow(postgres.selectFrom('tasks').select('id'), 'postgres', 50, 0).compile();
    expect(q.sql).toBe('select "id" from "tasks" limit 50 offset 0');
    expect(q.parameters).toEqual([]);
  });

  it('keeps a later page’s offset a parameter, so that pages share one statement', () => {
    const q = pageWindow(postgres.selectFrom('tasks').select('id'), 'postgres', 50, 100).compile();
    expect(q.sql).toBe('select "id" from "tasks" limit 50 offset $1');
    expect(q.parameters).toEqual([100]);
  });

  it('binds both on SQLite', () => {
    const q = pageWindow(sqlite.selectFrom('tasks').select('id'), 'sqlite', 50, 0).compile();
    expect(q.sql).toBe('select "id" from "tasks" limit ? offset ?');
    expect(q.parameters).toEqual([50, 0]);
  });
});
