/** SQL for project shares with users and with teams, and for the users who can reach a project. */
import { nowIso } from '@ordo/core';
import { type Kysely, sql } from 'kysely';
import { pageWithTotal } from '../../db/page-with-total.js';
import type { Database, TeamRow, UserRow } from '../../db/schema.js';
import { containsIgnoringCase } from '../input/like.js';

export interface ShareRow {
  id: number;
  project_id: number;
  right: number;
  created: string;
  updated: string;
}

interface PageQuery {
  search?: string;
  limit: number | null;
  offset: number;
}

/** Deeper nesting than this is a cycle guard, never reached by real data. */
const MAX_DEPTH = 100;

export class ProjectSharesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  userShare(projectId: number, userId: number): Promise<(ShareRow & { user_id: number }) | undefined> {
    return this.db
      .selectFrom('project_users')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  teamShare(projectId: number, teamId: number): Promise<(ShareRow & { team_id: number }) | undefined> {
    return this.db
      .selectFrom('project_teams')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
  }

  /** Users with a direct share on the project, searched by username; one page. */
  async usersOf(
    projectId: number,
    q: PageQuery,
  ): Promise<{ rows: { user: UserRow; share: ShareRow }[]; total: number }> {
    let query = this.db
      .selectFrom('project_users')
      .innerJoin('users', 'users.id', 'project_users.user_id')
      .where('project_users.project_id', '=', projectId);
    if (q.search) query = query.where(containsIgnoringCase(sql.ref('users.username'), q.search));
    const listing = query
      .selectAll('users')
      .select([
        'project_users.id as share_id',
        'project_users.right as share_right',
        'project_users.created as share_created',
        'project_users.updated as share_updated',
      ])
      .orderBy('project_users.id');
    const { rows, total } = await pageWithTotal(query, listing, q);
    return {
      rows: rows.map(({ share_id, share_right, share_created, share_updated, ...user }) => ({
        user,
        share: {
          id: share_id,
          project_id: projectId,
          right: share_right,
          created: share_created,
          updated: share_updated,
        },
      })),
      total,
    };
  }

  /** Teams with a share on the project, searched by name; one page. */
  async teamsOf(
    projectId: number,
    q: PageQuery,
  ): Promise<{ rows: { team: TeamRow; share: ShareRow }[]; total: number }> {
    let query = this.db
      .selectFrom('project_teams')
      .innerJoin('teams', 'teams.id', 'project_teams.team_id')
      .where('project_teams.project_id', '=', projectId);
    if (q.search) query = query.where(containsIgnoringCase(sql.ref('teams.name'), q.search));
    const listing = query
      .selectAll('teams')
      .select([
        'project_teams.id as share_id',
        'project_teams.right as share_right',
        'project_teams.created as share_created',
        'project_teams.updated as share_updated',
      ])
      .orderBy('project_teams.id');
    const { rows, total } = await pageWithTotal(query, listing, q);
    return {
      rows: rows.map(({ share_id, share_right, share_created, share_updated, ...team }) => ({
        team,
        share: {
          id: share_id,
          project_id: projectId,
          right: share_right,
          created: share_created,
          updated: share_updated,
        },
      })),
      total,
    };
  }

  async insertUserShare(projectId: number, userId: number, right: number): Promise<ShareRow> {
    const now = nowIso();
    return this.db
      .insertInto('project_users')
      .values({ project_id: projectId, user_id: userId, right, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async insertTeamShare(projectId: number, teamId: number, right: number): Promise<ShareRow> {
    const now = nowIso();
    return this.db
      .insertInto('project_teams')
      .values({ project_id: projectId, team_id: teamId, right, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setUserShareRight(id: number, right: number): Promise<void> {
    await this.db
      .updateTable('project_users')
      .set({ right, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async setTeamShareRight(id: number, right: number): Promise<void> {
    await this.db
      .updateTable('project_teams')
      .set({ right, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  async deleteUserShare(id: number): Promise<void> {
    await this.db.deleteFrom('project_users').where('id', '=', id).execute();
  }

  async deleteTeamShare(id: number): Promise<void> {
    await this.db.deleteFrom('project_teams').where('id', '=', id).execute();
  }

  /**
   * Everyone who can reach the project: owners of it or an ancestor, users shared on it or an
   * ancestor, and members of teams shared on it or an ancestor; matched by username or name.
   */
  async usersWithAccess(projectId: number, search: string | undefined, limit: number): Promise<UserRow[]> {
    const like = search
      ? sql`AND (${containsIgnoringCase(sql.ref('u.username'), search)} OR ${containsIgnoringCase(sql.ref('u.name'), search)})`
      : sql``;
    const result = await sql<UserRow>`
      WITH RECURSIVE chain(id, parent_project_id, owner_id, depth) AS (
        SELECT id, parent_project_id, owner_id, 0 FROM projects WHERE id = ${projectId}
        UNION ALL
        SELECT p.id, p.parent_project_id, p.owner_id, c.depth + 1
        FROM projects p JOIN chain c ON p.id = c.parent_project_id
        WHERE c.depth < ${MAX_DEPTH}
      )
      SELECT u.* FROM users u WHERE u.id IN (
        SELECT owner_id FROM chain
        UNION SELECT pu.user_id FROM project_users pu WHERE pu.project_id IN (SELECT id FROM chain)
        UNION SELECT tm.user_id FROM project_teams pt
          INNER JOIN team_members tm ON tm.team_id = pt.team_id
          WHERE pt.project_id IN (SELECT id FROM chain)
      ) ${like}
      ORDER BY u.id
      LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }
}
