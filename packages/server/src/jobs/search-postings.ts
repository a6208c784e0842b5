/**
 * Every five seconds, in the process that prepares the database, the log of changed (term, task)
 * pairs is folded into the packed search postings (modules/search/search-postings.ts). Searches
 * are right without it, only slower as the log grows. Another Ordo on the same PostgreSQL
 * database may compact too: an advisory lock lets one at a time (on SQLite, the write lock).
 */
import type { Db } from '../db/database.js';
import { trackJob } from '../modules/metrics/job-metrics.js';
import { SearchPostingsCompaction } from '../modules/search/search-postings-repo.js';
import type { Leadership } from './leadership.js';
import { type Periodic, runPeriodically } from './periodic.js';

const INTERVAL_MS = 5000;

export function startPostingsCompaction(
  db: Db,
  log: { warn(message: string): void },
  { intervalMs = INTERVAL_MS, leadership }: { intervalMs?: number; leadership?: Leadership } = {},
): Periodic {
  const compaction = new SearchPostingsCompaction(db.kysely, db.dialect);
  return runPeriodically(
    async () => {
      try {
        await trackJob('search_postings_compaction', () => compaction.run());
      } catch (error) {
        log.warn(`search postings were not compacted this time: ${(error as Error).message}`);
      }
    },
    { intervalMs, job: 'search_postings_compaction', leadership },
  );
}
