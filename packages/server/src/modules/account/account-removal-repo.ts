/**
 * The SQL that removes one account with everything it owns. Each method runs inside the caller's
 * transaction. Foreign keys cascade most of it from the user row (sessions, tokens, two-factor,
 * memberships, shares with the user, labels, saved filters, assignments, reactions, favourites,
 * the export row); what they cannot reach is written out here: the projects the user owns (with
 * sub-projects someone else made in them), files, and teams other people still use.
 */
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export class AccountRemovalRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Takes the account for removal when its deletion is due: the row is locked (PostgreSQL) or the
   * write lock held (SQLite) until the transaction ends, so another process sweeping at the same
   * time waits and then finds nothing to do.
   */
  async claimDue(userId: number, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ deletion_scheduled_at: sql`deletion_scheduled_at` })
      .where('id', '=', userId)
      .where('deletion_scheduled_at', '<=', nowIso)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Ids of accounts whose deletion is due, oldest first. */
  async dueUserIds(nowIso: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('deletion_scheduled_at', '<=', nowIso)
      .orderBy('deletion_scheduled_at')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The projects the user owns and every project below them. */
  async ownedProjectIds(userId: number): Promise<number[]> {
    const rows = await sql<{ id: number }>`
      WITH RECURSIVE subtree(id) AS (
        SELECT id FROM projects WHERE owner_id = ${userId}
        UNION
        SELECT p.id FROM projects p JOIN subtree s ON p.parent_project_id = s.id
      )
      SELECT id FROM subtree`.execute(this.db);
    return rows.rows.map((r) => r.id);
  }

  /**
   * Deletes the projects (their views, buckets, tasks and shares cascade) and the file rows of
   * their attachments and backgrounds; answers those files' ids, whose bytes go after the commit.
   */
  async deleteProjects(projectIds: readonly number[]): Promise<number[]> {
    if (projectIds.length === 0) return [];
    const ids = [...projectIds];
    const tasksOf = this.db.selectFrom('tasks').select('tasks.id').where('tasks.project_id', 'in', ids);
    const attachmentFiles = await this.db
      .selectFrom('task_attachments')
      .select('file_id as id')
      .where('task_id', 'in', tasksOf)
      .execute();
    const backgrounds = await this.db
      .selectFrom('projects')
      .select('background_file_id as id')
      .where('id', 'in', ids)
      .where('background_file_id', 'is not', null)
      .execute();
    await this.db
      .deleteFrom('favorites')
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'task'), eb('entity_id', 'in', tasksOf)]),
          eb.and([eb('kind', '=', 'project'), eb('entity_id', 'in', ids)]),
        ]),
      )
      .execute();
    // Someone else's default project that goes away stops being their default.
    await this.db
      .updateTable('users')
      .set({ default_project_id: null })
      .where('default_project_id', 'in', ids)
      .execute();
    await this.db.deleteFrom('projects').where('id', 'in', ids).execute();
    const fileIds = [...attachmentFiles, ...backgrounds].map((r) => r.id as number);
    await this.deleteFiles(fileIds);
    return fileIds;
  }

  /**
   * The trash of the user's projects and the user's own deleted projects go too, with the file
   * rows they held; answers those files' ids.
   */
  async deleteTrash(userId: number, projectIds: readonly number[]): Promise<number[]> {
    const theirs = (eb: ExpressionBuilder<Database, 'trash'>) =>
      eb.or([
        eb('trash.owner_id', '=', userId),
        ...(projectIds.length > 0 ? [eb('trash.project_id', 'in', [...projectIds])] : []),
      ]);
    const held = await this.db
      .selectFrom('trash_files')
      .innerJoin('trash', 'trash.id', 'trash_files.trash_id')
      .select('trash_files.file_id as id')
      .where(theirs)
      .execute();
    await this.db.deleteFrom('trash').where(theirs).execute();
    const fileIds = [...new Set(held.map((r) => r.id))];
    await this.deleteFiles(fileIds);
    return fileIds;
  }

  /** The file rows of the user's own things: the finished data export and an uploaded avatar. */
  async deleteOwnFiles(userId: number): Promise<number[]> {
    const exports = await this.db
      .selectFrom('user_exports')
      .select('file_id as id')
      .where('user_id', '=', userId)
      .where('file_id', 'is not', null)
      .execute();
    const avatars = await this.db
      .selectFrom('users')
      .select('avatar_file_id as id')
      .where('id', '=', userId)
      .where('avatar_file_id', 'is not', null)
      .execute();
    const fileIds = [...exports, ...avatars].map((r) => r.id as number);
    await this.deleteFiles(fileIds);
    return fileIds;
  }

  /**
   * Teams the user made but others are in stay, made by another member (an admin when there is
   * one), so their shares keep working; the user row's cascade removes the rest.
   */
  async handOverTeams(userId: number): Promise<void> {
    const teams = await this.db
      .selectFrom('teams')
      .select('id')
      .where('created_by_id', '=', userId)
      .execute();
    for (const { id } of teams) {
      const heir = await this.db
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', id)
        .where('user_id', '!=', userId)
        .orderBy('admin', 'desc')
        .orderBy('id')
        .executeTakeFirst();
      if (!heir) continue;
      await this.db.updateTable('teams').set({ created_by_id: heir.user_id }).where('id', '=', id).execute();
      await this.db
        .updateTable('team_members')
        .set({ admin: true })
        .where('team_id', '=', id)
        .where('user_id', '=', heir.user_id)
        .execute();
    }
  }

  async deleteUser(userId: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', userId).execute();
  }

  private async deleteFiles(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('files')
      .where('id', 'in', [...ids])
      .execute();
  }
}
