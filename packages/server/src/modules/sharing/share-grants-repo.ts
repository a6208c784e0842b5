/**
 * User shares and team shares as a source of project grants for the rights resolver
 * (modules/rights): a user holds the right of every direct share and of every share to a team
 * they belong to.
 */
import { isRight, type ProjectGrant } from '@ordo/core';
import { type Expression, type Kysely, sql } from 'kysely';
import { reusedQuery } from '../../db/reused-query.js';
import type { Database } from '../../db/schema.js';
import type { ProjectGrantSource } from '../rights/service.js';

export class ShareGrants implements ProjectGrantSource {
  private readonly grantRows;

  constructor(db: Kysely<Database>) {
    this.grantRows = reusedQuery(db, (userId: number, ids: readonly number[]) =>
      db
        .selectFrom('project_users')
        .select(['project_id', 'right'])
        .where('user_id', '=', userId)
        .where('project_id', 'in', ids)
        .unionAll(
          db
            .selectFrom('project_teams')
            .innerJoin('team_members', 'team_members.team_id', 'project_teams.team_id')
            .select(['project_teams.project_id', 'project_teams.right'])
            .where('team_members.user_id', '=', userId)
            .where('project_teams.project_id', 'in', ids),
        ),
    );
  }

  async grantsOn(userId: number, projectIds: readonly number[]): Promise<ProjectGrant[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.grantRows(userId, projectIds);
    return rows.flatMap((r) => (isRight(r.right) ? [{ projectId: r.project_id, right: r.right }] : []));
  }

  granteesOn(projectIds: Expression<unknown>): Expression<unknown> {
    return sql`SELECT project_id, user_id FROM project_users WHERE project_id IN (${projectIds})
      UNION SELECT pt.project_id, tm.user_id FROM project_teams pt
        INNER JOIN team_members tm ON tm.team_id = pt.team_id WHERE pt.project_id IN (${projectIds})`;
  }

  grantedProjectIds(userId: number): Expression<unknown> {
    return sql`SELECT project_id FROM project_users WHERE user_id = ${userId}
      UNION SELECT pt.project_id FROM project_teams pt
        INNER JOIN team_members tm ON tm.team_id = pt.team_id WHERE tm.user_id = ${userId}`;
  }
}
