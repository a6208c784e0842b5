/**
 * Periodic housekeeping: accounts whose scheduled deletion is due are deleted, and data exports
 * older than 7 days are removed, CalDAV sync tombstones older than 30 days are pruned, and task
 * activity older than ORDO_ACTIVITY_DAYS and trash entries older than ORDO_TRASH_DAYS are deleted. It runs in the process that prepares the database (the primary
 * of several, or the only one), at start and then every quarter hour. Each step is also safe when
 * another process runs it at the same moment (a second Ordo on the same PostgreSQL database):
 * accounts are claimed one at a time, and removing an export twice removes it once.
 */
import { toIsoSeconds } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { AccountRemoval } from '../modules/account/account-removal.js';
import { ActivityRepo } from '../modules/activity/repo.js';
import { createFileStore } from '../modules/attachments/files/store.js';
import { SyncRepo } from '../modules/caldav/sync-repo.js';
import { removeExpiredExports } from '../modules/export/export-service.js';
import { trackJob } from '../modules/metrics/job-metrics.js';
import { removeExpiredTrash } from '../modules/trash/expiry.js';
import type { Leadership } from './leadership.js';
import { type Periodic, runPeriodically } from './periodic.js';

const INTERVAL_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Housekeeping = Periodic;

export function startHousekeeping(
  db: Kysely<Database>,
  config: Config,
  log: { warn(message: string): void },
  { intervalMs = INTERVAL_MS, leadership }: { intervalMs?: number; leadership?: Leadership } = {},
): Housekeeping {
  const files = createFileStore(config);
  const removal = new AccountRemoval(db, files);
  const steps: [what: string, step: () => Promise<unknown>][] = [
    ['accounts due for deletion were not deleted', () => removal.deleteDueAccounts()],
    ['expired data exports were not removed', () => removeExpiredExports(db, files)],
    ['old CalDAV tombstones were not pruned', () => new SyncRepo(db).pruneTombstones()],
    ['expired trash entries were not removed', () => removeExpiredTrash(db, files, config.trashDays)],
    [
      'old task activity was not pruned',
      () =>
        new ActivityRepo(db).pruneBefore(toIsoSeconds(new Date(Date.now() - config.activityDays * DAY_MS))),
    ],
  ];
  // A round is one run of the job (modules/metrics): it fails when a step fails, and a failed
  // step does not keep the next ones from running.
  const round = async () => {
    let failures = 0;
    for (const [what, step] of steps) {
      try {
        await step();
      } catch (error) {
        failures++;
        log.warn(`${what} this time: ${(error as Error).message}`);
      }
    }
    if (failures > 0) throw new Error(`${failures} housekeeping steps failed`);
  };
  // Each failed step was logged where it failed.
  return runPeriodically(() => trackJob('housekeeping', round).catch(() => {}), {
    intervalMs,
    job: 'housekeeping',
    leadership,
  });
}
