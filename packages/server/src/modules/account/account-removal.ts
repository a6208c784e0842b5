/**
 * Deletes the accounts whose scheduled deletion is due (spec 1 §9), each in a transaction of its
 * own: the user, the projects they own with their tasks and files (and those in the trash), their
 * sessions and shares.
 * Projects others own and only shared with them stay. Safe when several processes sweep at once:
 * each account is claimed first (account-removal-repo.ts), and only one claim succeeds.
 */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../attachments/files/store.js';
import { AccountRemovalRepo } from './account-removal-repo.js';

export class AccountRemoval {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly files: FileStore,
  ) {}

  /** Answers the ids of the accounts this call deleted. */
  async deleteDueAccounts(now = nowIso()): Promise<number[]> {
    const deleted: number[] = [];
    for (const userId of await new AccountRemovalRepo(this.db).dueUserIds(now)) {
      if (await this.deleteIfDue(userId, now)) deleted.push(userId);
    }
    return deleted;
  }

  private async deleteIfDue(userId: number, now: string): Promise<boolean> {
    const fileIds = await this.db.transaction().execute(async (trx) => {
      const repo = new AccountRemovalRepo(trx);
      if (!(await repo.claimDue(userId, now))) return null;
      const owned = await repo.ownedProjectIds(userId);
      const trashFiles = await repo.deleteTrash(userId, owned);
      const projectFiles = await repo.deleteProjects(owned);
      const ownFiles = await repo.deleteOwnFiles(userId);
      await repo.handOverTeams(userId);
      await repo.deleteUser(userId);
      return [...trashFiles, ...projectFiles, ...ownFiles];
    });
    if (fileIds === null) return false;
    // The rows are gone with the commit; bytes left by a crash here are swept as orphans at start.
    for (const id of fileIds) await this.files.remove(id);
    return true;
  }
}
