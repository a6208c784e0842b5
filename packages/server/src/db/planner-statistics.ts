/**
 * SQLite chooses between indexes from statistics that only ANALYZE gathers. Without them it
 * guesses that `project_id IN (…)` picks out few tasks, so the first page of a 100,000-task
 * project read every task through the project index and sorted them (13 ms), where walking the
 * tasks in id order stops at the page (0.2 ms).
 *
 * SQLite's own advice (3.46 and later): `PRAGMA optimize=0x10002` when a connection opens, which
 * analyses tables that never were, and plain `PRAGMA optimize` now and then on a connection that
 * lives long and before it closes, which re-analyses only tables that changed a lot. Both bound
 * their own work (about 0.2 s for a never-analysed 100,000-task table, about 1 ms otherwise).
 * PostgreSQL's autovacuum keeps its statistics itself.
 *
 * Full-text shadow tables get none: FTS5 plans its own statements on them, and statistics taken
 * while the index was small made its inserts slower and slower as it grew (seeding 40,000 tasks
 * after a start on an empty database: 3.0 s → 5.7 s; 100,000: 7 s → 135 s).
 */
import type SQLite from 'better-sqlite3';

const EVERY_FIVE_MINUTES = 5 * 60_000;

export interface StatisticsUpkeep {
  stop(): void;
}

/** `PRAGMA optimize` (with `mask`, when given), then no statistics for shadow tables. */
export function optimizeSqlite(sqlite: SQLite.Database, mask?: number): void {
  sqlite.pragma(mask === undefined ? 'optimize' : `optimize=${mask}`);
  const shadowTables = "SELECT name FROM pragma_table_list WHERE type = 'shadow'";
  let dropped = sqlite.prepare(`DELETE FROM sqlite_stat1 WHERE tbl IN (${shadowTables})`).run().changes;
  const hasStat4 = sqlite.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat4'").get();
  if (hasStat4) {
    dropped += sqlite.prepare(`DELETE FROM sqlite_stat4 WHERE tbl IN (${shadowTables})`).run().changes;
  }
  // Statistics are read with the schema; this makes the connection read them again.
  if (dropped > 0) sqlite.exec('ANALYZE sqlite_schema');
}

export function keepSqliteStatistics(
  sqlite: SQLite.Database,
  intervalMs = EVERY_FIVE_MINUTES,
): StatisticsUpkeep {
  optimizeSqlite(sqlite, 0x10002);
  const timer = setInterval(() => {
    if (sqlite.open) optimizeSqlite(sqlite);
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (sqlite.open) optimizeSqlite(sqlite);
    },
  };
}
