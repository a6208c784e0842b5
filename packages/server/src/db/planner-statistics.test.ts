import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { keepSqliteStatistics, refreshSqliteStatistics } from './planner-statistics.js';

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

function fill(sqlite: SQLite.Database, count: number, ownerOf: (i: number) => number) {
  const insert = sqlite.prepare('INSERT INTO items (owner, title) VALUES (?, ?)');
  const index = sqlite.prepare('INSERT INTO items_fts (rowid, title) VALUES (?, ?)');
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const title = `item number ${i}`;
      index.run(insert.run(ownerOf(i), title).lastInsertRowid, title);
    }
  })();
}

function statisticsOf(sqlite: SQLite.Database) {
  if (!sqlite.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get()) return [];
  return sqlite.prepare('SELECT tbl, idx, stat FROM sqlite_stat1 ORDER BY tbl, idx').all() as {
    tbl: string;
    idx: string | null;
    stat: string;
  }[];
}

let open: SQLite.Database[] = [];
afterEach(() => {
  for (const sqlite of open) if (sqlite.open) sqlite.close();
  open = [];
});

describe('SQLite planner statistics', () => {
  it('analyses a table that never was, in full, and no other (not the full-text shadow tables)', () => {
    const sqlite = database();
    open.push(sqlite);
    // One owner for most rows: a sampled analysis would not see how many share it.
    fill(sqlite, 3000, (i) => (i < 2900 ? 1 : i));
    expect(refreshSqliteStatistics(sqlite, ['items'], 50)).toEqual(['items']);
    const stats = statisticsOf(sqlite);
    // 3,000 rows over 101 owners: 30 rows per owner on average.
    expect(stats).toContainEqual({ tbl: 'items', idx: 'items_owner', stat: '3000 30' });
    expect(stats.filter((s) => s.tbl !== 'items')).toEqual([]);
  });

  it('leaves a table alone below its minimum size', () => {
    const sqlite = database();
    open.push(sqlite);
    fill(sqlite, 49, (i) => i % 4);
    expect(refreshSqliteStatistics(sqlite, ['items'], 50)).toEqual([]);
    expect(statisticsOf(sqlite)).toEqual([]);
  });

  it('analyses a table again once its size has doubled or halved, not before', () => {
    const sqlite = database();
    open.push(sqlite);
    fill(sqlite, 100, (i) => i % 4);
    expect(refreshSqliteStatistics(sqlite, ['items'], 50)).toEqual(['items']);
    fill(sqlite, 90, (i) => i % 4);
    expect(refreshSqliteStatistics(sqlite, ['items'], 50)).toEqual([]);
    fill(sqlite, 10, (i) => i % 4);
    expect(refreshSqliteStatistics(sqlite, ['items'], 50)).toEqual(['items']);
    expect(statisticsOf(sqlite)).toContainEqual({ tbl: 'items', idx: 'items_owner', stat: '200 50' });
    sqlite.exec('DELETE FROM items WHERE id > 100');
    expect(refreshSqliteStatistics(sqlite, ['items'], 50)).toEqual(['items']);
    expect(statisticsOf(sqlite)).toContainEqual({ tbl: 'items', idx: 'items_owner', stat: '100 25' });
  });

  it('runs at open, on a timer and at the end', async () => {
    const sqlite = database();
    open.push(sqlite);
    const upkeep = keepSqliteStatistics(sqlite, 20, ['items'], 50);
    // An empty table at open: nothing to learn yet.
    expect(statisticsOf(sqlite)).toEqual([]);
    fill(sqlite, 400, (i) => i % 4);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(statisticsOf(sqlite)).toContainEqual({ tbl: 'items', idx: 'items_owner', stat: '400 100' });
    fill(sqlite, 400, (i) => i % 4);
    upkeep.stop();
    expect(statisticsOf(sqlite)).toContainEqual({ tbl: 'items', idx: 'items_owner', stat: '800 200' });
  });
});
