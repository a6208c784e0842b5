/**
 * PostgreSQL: every five seconds, in the process that prepares the database, the log of changed
 * (term, task) pairs is folded into the packed search postings (modules/search/search-postings.ts).
 * Searches are right without it, only slower as the log grows. Another Ordo on the same database
 * may compact too: an advisory lock lets one at a time. SQLite has no packed postings.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { SearchPostingsCompaction } from '../modules/search/search-postings.js';
import { type Periodic, runPeriodically } from './periodic.js';

const INTERVAL_MS = 5000;

export function startPostingsCompaction(
  db: Kysely<Database>,
  log: { warn(message: string): void },
  intervalMs = INTERVAL_MS,
): Periodic {
  const compaction = new SearchPostingsCompaction(db);
  return runPeriodically(async () => {
    try {
      await compaction.run();
    } catch (error) {
      log.warn(`search postings were not compacted this time: ${(error as Error).message}`);
    }
  }, intervalMs);
}
