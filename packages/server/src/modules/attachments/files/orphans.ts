/**
 * Files whose owner went away without removing them — an attachment row cascaded away with its
 * project, say — are deleted with their bytes. Rows and the attachment pointing at them are
 * written in one transaction, so a sweep never takes a file that is being uploaded.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../../../config.js';
import type { Database } from '../../../db/schema.js';
import { OrphanFilesRepo } from './orphan-files-repo.js';
import { createFileStore, type FileStore } from './store.js';

/** Sweeps every file, or only those in `among` (the files an owner that went away held). */
export async function sweepOrphanFiles(
  db: Kysely<Database>,
  store: FileStore,
  among?: readonly number[],
): Promise<number> {
  const orphans = await new OrphanFilesRepo(db).deleteOrphans(among);
  for (const id of orphans) await store.remove(id);
  return orphans.length;
}

/**
 * The sweep at start-up, run once by the process that prepares the database (the primary of
 * several). It is housekeeping, not a condition of serving: when it fails (the database kept busy
 * by a long write, say) the server starts all the same and the next start sweeps.
 */
export async function sweepOrphanFilesAtStart(
  db: Kysely<Database>,
  config: Config,
  log: { warn(message: string): void },
): Promise<void> {
  try {
    await sweepOrphanFiles(db, createFileStore(config));
  } catch (error) {
    log.warn(`files nothing points at were not swept this time: ${(error as Error).message}`);
  }
}
