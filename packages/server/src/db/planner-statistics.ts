/**
 * SQLite chooses between indexes from statistics that only ANALYZE gathers. Without them it
 * guesses that `project_id IN (…)` picks out few tasks, so the first page of a 100,000-task
 * project read every task through the project index and sorted them (13 ms), where walking the
 * tasks in id order stops at the page (0.2 ms).
 *
 * Only the tasks table gets statistics, once it has 1,000 rows. It is where the right index
 * depends on the data (how many tasks a project holds, how many match a filter). Everywhere else
 * the queries look rows up by keys, which SQLite's default assumptions already plan well, and
 * statistics of small tables made it worse: it scanned a two-row sessions table instead of using
 * its key (3 → 20 µs on every request), and full-text shadow tables analysed while small made
 * FTS5's inserts slower and slower as the index grew (100,000 seeded tasks: 7 s → 135 s).
 *
 * The statistics must be exact: `PRAGMA optimize` analyses with a sampling limit, which took a
 * project of 100,000 tasks for one of 2,001, and the planner went back to sorting (4 ms a page).
 * So the table is analysed in full whenever its row count has doubled or halved since its last
 * analysis (or it never had one): a count to check (a few milliseconds for 100,000 tasks) and
 * about 80 ms to analyse them. That runs when the database opens (after migrations), every five
 * minutes, and before it closes. PostgreSQL's autovacuum keeps its own statistics.
 */
import type SQLite from 'better-sqlite3';

const EVERY_FIVE_MINUTES = 5 * 60_000;
const ANALYSED_TABLES = ['tasks'];
const MIN_ROWS = 1000;

export interface StatisticsUpkeep {
  stop(): void;
}

/** Rows each table had when it was last analysed (the first number of its sqlite_stat1 rows). */
function analysedRows(sqlite: SQLite.Database): Map<string, number> {
  const hasStat1 = sqlite.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'sqlite_stat1'").get();
  if (!hasStat1) return new Map();
  const rows = sqlite.prepare('SELECT tbl, stat FROM sqlite_stat1').all() as { tbl: string; stat: string }[];
  return new Map(rows.map((r) => [r.tbl, Number.parseInt(r.stat, 10)]));
}

/** Analyses, in full, each analysed table whose size has moved by half or more since it last was. */
export function refreshSqliteStatistics(
  sqlite: SQLite.Database,
  tables: readonly string[] = ANALYSED_TABLES,
  minRows = MIN_ROWS,
): string[] {
  const analysed = analysedRows(sqlite);
  const stale = tables.filter((table) => {
    const rows = sqlite
      .prepare(`SELECT count(*) FROM "${table.replaceAll('"', '""')}"`)
      .pluck()
      .get() as number;
    const before = analysed.get(table);
    if (rows < minRows) return false;
    return before === undefined || rows >= before * 2 || rows * 2 <= before;
  });
  if (stale.length === 0) return stale;
  const limit = sqlite.pragma('analysis_limit', { simple: true });
  sqlite.pragma('analysis_limit = 0');
  try {
    for (const table of stale) sqlite.exec(`ANALYZE "${table.replaceAll('"', '""')}"`);
  } finally {
    sqlite.pragma(`analysis_limit = ${Number(limit)}`);
  }
  return stale;
}

export function keepSqliteStatistics(
  sqlite: SQLite.Database,
  intervalMs = EVERY_FIVE_MINUTES,
  tables: readonly string[] = ANALYSED_TABLES,
  minRows = MIN_ROWS,
): StatisticsUpkeep {
  const refresh = () => {
    if (sqlite.open) refreshSqliteStatistics(sqlite, tables, minRows);
  };
  refresh();
  const timer = setInterval(refresh, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      refresh();
    },
  };
}
