/** SQL for teams an identity provider keeps: found by (issuer, external id), joined and left. */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, TeamRow } from '../../db/schema.js';

export interface ExternalTeamFields {
  name: string;
  description: string;
  is_public: boolean;
}

export class ExternalTeamsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  findByExternalIds(issuer: string, externalIds: readonly string[]): Promise<TeamRow[]> {
    if (externalIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('teams')
      .selectAll()
      .where('issuer', '=', issuer)
      .where('external_id', 'in', [...externalIds])
      .execute();
  }

  async insert(issuer: string, externalId: string, fields: ExternalTeamFields, createdBy: number) {
    const now = nowIso();
    return this.db
      .insertInto('teams')
      .values({
        ...fields,
        issuer,
        external_id: externalId,
        created_by_id: createdBy,
        created: now,
        updated: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, fields: ExternalTeamFields): Promise<void> {
    await this.db
      .updateTable('teams')
      .set({ ...fields, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** The ids of this issuer's teams the user is a member of. */
  async memberOf(userId: number, issuer: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .select('teams.id')
      .where('team_members.user_id', '=', userId)
      .where('teams.issuer', '=', issuer)
      .where('teams.external_id', '!=', '')
      .execute();
    return rows.map((r) => r.id);
  }

  async join(teamIds: readonly number[], userId: number): Promise<void> {
    if (teamIds.length === 0) return;
    const created = nowIso();
    await this.db
      .insertInto('team_members')
      .values(teamIds.map((team_id) => ({ team_id, user_id: userId, admin: false, created })))
      .execute();
  }

  /** Removes the user from the teams, then deletes those of them nobody is left in. */
  async leave(teamIds: readonly number[], userId: number): Promise<void> {
    if (teamIds.length === 0) return;
    await this.db
      .deleteFrom('team_members')
      .where('user_id', '=', userId)
      .where('team_id', 'in', [...teamIds])
      .execute();
    await this.db
      .deleteFrom('teams')
      .where('id', 'in', [...teamIds])
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('team_members').select('id').whereRef('team_id', '=', 'teams.id'))),
      )
      .execute();
  }
}
