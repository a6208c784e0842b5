/** Housekeeping's trash step: entries kept longer than ORDO_TRASH_DAYS go, with the files only they held. */
import { toIsoSeconds } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sweepOrphanFiles } from '../attachments/files/orphans.js';
import type { FileStore } from '../attachments/files/store.js';
import { TrashRepo } from './repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an entry deleted at `deletedAt` leaves the trash. */
export function trashExpiry(deletedAt: string, days: number): string {
  return toIsoSeconds(new Date(Date.parse(deletedAt) + days * DAY_MS));
}

export async function removeExpiredTrash(
  db: Kysely<Database>,
  files: FileStore,
  days: number,
  now = new Date(),
): Promise<number> {
  const { removed, fileIds } = await new TrashRepo(db).removeBefore(
    toIsoSeconds(new Date(now.getTime() - days * DAY_MS)),
  );
  if (fileIds.length > 0) await sweepOrphanFiles(db, files, fileIds);
  return removed;
}
