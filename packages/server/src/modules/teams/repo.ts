/** SQL for teams and their members. */
import { nowIso } from '@ordo/core';
import { type Kysely, sql } from 'kysely';
import { pageWithTotal } from '../../db/page-with-total.js';
import type { Database, TeamMemberRow, TeamRow, UserRow } from '../../db/schema.js';
import { containsIgnoringCase } from '../input/like.js';
import { selectUsersByIds } from '../users/users-by-ids.js';

/** A member as listed in a team: the user's row plus the membership. */
export interface MemberWithUser {
  user: UserRow;
  membership: TeamMemberRow;
}

export interface TeamListQuery {
  userId: number;
  includePublic: boolean;
  search?: string;
  limit: number | null;
  offset: number;
}

export class TeamsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): TeamsRepo {
    return new TeamsRepo(db);
  }

  find(id: number): Promise<TeamRow | undefined> {
    return this.db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<TeamRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('teams')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Teams the user belongs to, plus public ones when asked; one page, ordered by id. */
  async list(q: TeamListQuery): Promise<{ rows: TeamRow[]; total: number }> {
    let query = this.db.selectFrom('teams').where((eb) => {
      const member = eb(
        'id',
        'in',
        eb.selectFrom('team_members').select('team_id').where('user_id', '=', q.userId),
      );
      return q.includePublic ? eb.or([member, eb('is_public', '=', true)]) : member;
    });
    if (q.search) query = query.where(containsIgnoringCase(sql.ref('name'), q.search));
    return pageWithTotal(query, query.selectAll().orderBy('id'), q);
  }

  async insert(team: {
    name: string;
    description: string;
    is_public: boolean;
    created_by_id: number;
  }): Promise<TeamRow> {
    const now = nowIso();
    return this.db
      .insertInto('teams')
      .values({ ...team, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(
    id: number,
    changes: { name: string; description: string; is_public: boolean },
  ): Promise<void> {
    await this.db
      .updateTable('teams')
      .set({ ...changes, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** Memberships and project shares go with the team (foreign keys cascade). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('teams').where('id', '=', id).execute();
  }

  /** Members of all these teams with their users, in one query. */
  async members(teamIds: readonly number[]): Promise<MemberWithUser[]> {
    if (teamIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .selectAll('users')
      .select([
        'team_members.id as member_id',
        'team_members.team_id as member_team_id',
        'team_members.admin as member_admin',
        'team_members.created as member_created',
      ])
      .where('team_members.team_id', 'in', [...teamIds])
      .orderBy('team_members.id')
      .execute();
    return rows.map(({ member_id, member_team_id, member_admin, member_created, ...user }) => ({
      user,
      membership: {
        id: member_id,
        team_id: member_team_id,
        user_id: user.id,
        admin: member_admin,
        created: member_created,
      },
    }));
  }

  membership(teamId: number, userId: number): Promise<TeamMemberRow | undefined> {
    return this.db
      .selectFrom('team_members')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async addMember(teamId: number, userId: number, admin: boolean): Promise<TeamMemberRow> {
    return this.db
      .insertInto('team_members')
      .values({ team_id: teamId, user_id: userId, admin, created: nowIso() })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setAdmin(memberId: number, admin: boolean): Promise<void> {
    await this.db.updateTable('team_members').set({ admin }).where('id', '=', memberId).execute();
  }

  async removeMember(memberId: number): Promise<void> {
    await this.db.deleteFrom('team_members').where('id', '=', memberId).execute();
  }

  async memberCount(teamId: number): Promise<number> {
    const row = await this.db
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async adminCount(teamId: number): Promise<number> {
    const row = await this.db
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('admin', '=', true)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  usersByIds(ids: readonly number[]): Promise<UserRow[]> {
    return selectUsersByIds(this.db, ids);
  }
}
