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
 */
import type SQLite from 'better-sqlite3';

const EVERY_FIVE_MINUTES = 5 * 60_000;

export interface StatisticsUpkeep {
  stop(): void;
}

export function keepSqliteStatistics(
  sqlite: SQLite.Database,
  intervalMs = EVERY_FIVE_MINUTES,
): StatisticsUpkeep {
  sqlite.pragma('optimize=0x10002');
  const timer = setInterval(() => {
    if (sqlite.open) sqlite.pragma('optimize');
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      if (sqlite.open) sqlite.pragma('optimize');
    },
  };
}
