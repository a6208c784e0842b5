import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { keepSqliteStatistics, optimizeSqlite } from './planner-statistics.js';

/** A table with an index and a full-text index over it, as the tasks table has. */
function database() {
  const sqlite = new SQLite(':memory:');
  sqlite.exec(`
    CREATE TABLE items (id INTEGER PRIMARY KEY, owner INTEGER NOT NULL, title TEXT NOT NULL);
    CREATE INDEX items_owner ON items (owner);
    CREATE VIRTUAL TABLE items_fts USING fts5(title, content='items', content_rowid='id', tokenize='trigram');
  `);
  return sqlite;
}

function fill(sqlite: SQLite.Database, count: number) {
  const insert = sqlite.prepare('INSERT INTO items (owner, title) VALUES (?, ?)');
  const index = sqlite.prepare('INSERT INTO items_fts (rowid, title) VALUES (?, ?)');
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const title = `item number ${i}`;
      index.run(insert.run(i % 4, title).lastInsertRowid, title);
    }
  })();
}

const statisticsOf = (sqlite: SQLite.Database) =>
  sqlite.prepare('SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY tbl, idx').all() as {
    tbl: string;
    idx: string | null;
    stat: string;
  }[];

let open: SQLite.Database[] = [];
afterEach(() => {
  for (const sqlite of open) if (sqlite.open) sqlite.close();
  open = [];
});

describe('SQLite planner statistics', () => {
  it('analyses tables that never were, and keeps none for full-text shadow tables', () => {
    const sqlite = database();
    open.push(sqlite);
    fill(sqlite, 200);
    optimizeSqlite(sqlite, 0x10002);
    const stats = statisticsOf(sqlite);
    // 200 rows, 4 owners: 50 rows per owner.
    expect(stats).toContainEqual({ tbl: 'items', idx: 'items_owner', stat: '200 50' });
    expect(stats.filter((s) => s.tbl.startsWith('items_fts'))).toEqual([]);
  });

  it('starts at open and refreshes on a timer and at the end', async () => {
    const sqlite = database();
    open.push(sqlite);
    const upkeep = keepSqliteStatistics(sqlite, 20);
    // An empty table at open: nothing to learn yet.
    expect(statisticsOf(sqlite).filter((s) => s.tbl === 'items')).toEqual([]);
    fill(sqlite, 400);
    // The planner has used the table since, so the next pass looks at it.
    sqlite.prepare('SELECT count(*) FROM items WHERE owner = 1').get();
    await new Promise((resolve) => setTimeout(resolve, 80));
    upkeep.stop();
    expect(statisticsOf(sqlite)).toContainEqual({ tbl: 'items', idx: 'items_owner', stat: '400 100' });
    expect(statisticsOf(sqlite).filter((s) => s.tbl.startsWith('items_fts'))).toEqual([]);
  });
});
