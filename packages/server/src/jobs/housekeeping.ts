/**
 * Periodic housekeeping: accounts whose scheduled deletion is due are deleted, and data exports
 * older than 7 days are removed, and CalDAV sync tombstones older than 30 days are pruned. It runs in the process that prepares the database (the primary
 * of several, or the only one), at start and then every quarter hour. Each step is also safe when
 * another process runs it at the same moment (a second Ordo on the same PostgreSQL database):
 * accounts are claimed one at a time, and removing an export twice removes it once.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { AccountRemoval } from '../modules/account/account-removal.js';
import { createFileStore } from '../modules/attachments/files/store.js';
import { SyncRepo } from '../modules/caldav/sync-repo.js';
import { removeExpiredExports } from '../modules/export/export-service.js';
import { type Periodic, runPeriodically } from './periodic.js';

const INTERVAL_MS = 15 * 60 * 1000;

export type Housekeeping = Periodic;

export function startHousekeeping(
  db: Kysely<Database>,
  config: Config,
  log: { warn(message: string): void },
  intervalMs = INTERVAL_MS,
): Housekeeping {
  const files = createFileStore(config);
  const removal = new AccountRemoval(db, files);
  return runPeriodically(async () => {
    try {
      await removal.deleteDueAccounts();
    } catch (error) {
      log.warn(`accounts due for deletion were not deleted this time: ${(error as Error).message}`);
    }
    try {
      await removeExpiredExports(db, files);
    } catch (error) {
      log.warn(`expired data exports were not removed this time: ${(error as Error).message}`);
    }
    try {
      await new SyncRepo(db).pruneTombstones();
    } catch (error) {
      log.warn(`old CalDAV tombstones were not pruned this time: ${(error as Error).message}`);
    }
  }, intervalMs);
}
