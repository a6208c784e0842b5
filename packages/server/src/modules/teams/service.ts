/**
 * Teams (reference §2.10, §5.15): members read, team admins edit, delete and manage members, a
 * member may leave, and a team never loses its last member. Public teams (when the server enables
 * them) can be found and read by anyone.
 */
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, TeamRow } from '../../db/schema.js';
import { fail, invalidFields } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import type { NotificationEvents } from '../notifications/events.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import { isUniqueViolation } from '../tasks/repo.js';
import type { UsersRepo } from '../users/repo.js';
import type { TeamsRepo } from './repo.js';
import { type SerializedTeam, serializeMembership, serializeTeam } from './serialize.js';

export interface TeamInput {
  name?: string;
  description?: string;
  is_public?: boolean;
}

export interface TeamListInput {
  page: Page;
  s?: string;
  includePublic: boolean;
}

const NAME_MAX = 250;

export class TeamsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly teams: TeamsRepo,
    private readonly users: UsersRepo,
    private readonly publicTeamsEnabled: boolean,
    /** The change listeners (notifications, webhooks), told after a change commits. */
    private readonly events: NotificationEvents,
  ) {}

  async create(userId: number, input: TeamInput): Promise<SerializedTeam> {
    const fields = this.fields(input);
    const id = await this.db.transaction().execute(async (trx) => {
      const repo = this.teams.with(trx);
      const team = await repo.insert({ ...fields, created_by_id: userId });
      await repo.addMember(team.id, userId, true);
      return team.id;
    });
    return (await this.read(userId, id)).team;
  }

  async list(userId: number, input: TeamListInput): Promise<{ teams: SerializedTeam[]; total: number }> {
    const { rows, total } = await this.teams.list({
      userId,
      includePublic: input.includePublic && this.publicTeamsEnabled,
      search: input.s?.trim() || undefined,
      limit: input.page.limit,
      offset: input.page.offset,
    });
    return { teams: await this.hydrate(rows), total };
  }

  /** The team and the caller's right on it: 2 for team admins, 0 for members and public teams. */
  async read(userId: number, teamId: number): Promise<{ team: SerializedTeam; right: Right }> {
    const { team, right } = await this.demand(userId, teamId, Right.read);
    const [serialized] = await this.hydrate([team]);
    return { team: serialized, right };
  }

  async update(userId: number, teamId: number, input: TeamInput): Promise<SerializedTeam> {
    await this.demand(userId, teamId, Right.admin);
    await this.teams.update(teamId, this.fields(input));
    await this.teamChanged(userId, teamId);
    return (await this.read(userId, teamId)).team;
  }

  async delete(userId: number, teamId: number): Promise<void> {
    await this.demand(userId, teamId, Right.admin);
    const members = await this.teams.members([teamId]);
    await this.teams.delete(teamId);
    const memberIds = members.map((m) => m.user.id);
    await this.accessChanged(userId, memberIds);
    await this.events.changed({ change: 'team.updated', projectId: 0, actorId: userId, users: memberIds });
  }

  /**
   * Members who left a team may have lost projects shared with it: live sockets re-read their
   * rights (modules/live), and their project trees hear that their shares changed.
   */
  private accessChanged(actorId: number, users: number[]): Promise<void> {
    return this.events.changed({ change: 'project.shares.changed', projectId: 0, actorId, users });
  }

  /** The team's members (and `also`, who just left) hear that it changed, on their teams pages. */
  private async teamChanged(actorId: number, teamId: number, also: number[] = []): Promise<void> {
    const members = (await this.teams.members([teamId])).map((m) => m.user.id);
    await this.events.changed({
      change: 'team.updated',
      projectId: 0,
      actorId,
      users: [...members, ...also],
    });
  }

  async addMember(userId: number, teamId: number, input: { username?: string; admin?: boolean }) {
    await this.demand(userId, teamId, Right.admin);
    const username = input.username ?? '';
    if (!username) throw invalidFields(['username: non zero value required']);
    const user = await this.users.findByUsername(username);
    if (!user) throw fail('userDoesNotExist');
    if (await this.teams.membership(teamId, user.id)) throw fail('userIsMemberOfTeam');
    // The unique index settles a race between two identical requests.
    const membership = await this.teams
      .addMember(teamId, user.id, input.admin === true)
      .catch((error) => Promise.reject(isUniqueViolation(error) ? fail('userIsMemberOfTeam') : error));
    await this.events.teamMemberAdded(userId, teamId, user.id);
    await this.teamChanged(userId, teamId);
    return serializeMembership(membership, user.username);
  }

  /**
   * Team admins remove anyone; every member may remove themself (leave), but the last admin only
   * once another member is an admin (30130).
   */
  async removeMember(userId: number, teamId: number, username: string): Promise<void> {
    const { team, membership: own } = await this.demand(userId, teamId, Right.read);
    const user = await this.users.findByUsername(username);
    if (!user) throw fail('userDoesNotExist');
    if (user.id !== userId && !own?.admin) throw fail('forbidden');
    if (team.external_id) throw fail('cannotRemoveFromExternalTeam');
    await this.db.transaction().execute(async (trx) => {
      const repo = this.teams.with(trx);
      const membership = await repo.membership(teamId, user.id);
      if (!membership) throw fail('userDoesNotExist');
      if ((await repo.memberCount(teamId)) <= 1) throw fail('cannotDeleteLastTeamMember');
      if (membership.admin && (await repo.adminCount(teamId)) <= 1) throw fail('teamNeedsAnAdmin');
      await repo.removeMember(membership.id);
    });
    await this.accessChanged(userId, [user.id]);
    await this.teamChanged(userId, teamId, [user.id]);
  }

  /**
   * Flips a member between admin and plain member (the body is ignored, as in Vikunja). The last
   * admin stays one (30130): a team without an admin could never be changed or deleted again.
   */
  async toggleAdmin(userId: number, teamId: number, username: string) {
    await this.demand(userId, teamId, Right.admin);
    const user = await this.users.findByUsername(username);
    if (!user) throw fail('userDoesNotExist');
    const membership = await this.db.transaction().execute(async (trx) => {
      const repo = this.teams.with(trx);
      const found = await repo.membership(teamId, user.id);
      if (!found) throw fail('userDoesNotExist');
      if (found.admin && (await repo.adminCount(teamId)) <= 1) throw fail('teamNeedsAnAdmin');
      await repo.setAdmin(found.id, !found.admin);
      return found;
    });
    const admin = !membership.admin;
    await this.teamChanged(userId, teamId);
    return serializeMembership({ ...membership, admin }, user.username);
  }

  /** 404 for a missing team, then 403 unless the caller's right on the team reaches `needed`. */
  private async demand(userId: number, teamId: number, needed: Right) {
    const team = await this.teams.find(teamId);
    if (!team) throw fail('teamDoesNotExist');
    const membership = await this.teams.membership(teamId, userId);
    const right = membership
      ? membership.admin
        ? Right.admin
        : Right.read
      : this.publicTeamsEnabled && team.is_public
        ? Right.read
        : null;
    if (right === null && needed === Right.read) throw fail('forbiddenRead');
    if (right === null || right < needed) throw fail('forbidden');
    return { team, right, membership };
  }

  private fields(input: TeamInput) {
    const name = (input.name ?? '').trim();
    if (!name) throw fail('teamNameEmpty');
    if ([...name].length > NAME_MAX)
      throw invalidFields([`name: ${name} does not validate as runelength(1|250)`]);
    return {
      name,
      description: sanitizeRichText(input.description),
      is_public: this.publicTeamsEnabled && input.is_public === true,
    };
  }

  async hydrate(rows: TeamRow[]): Promise<SerializedTeam[]> {
    const [members, creators] = await Promise.all([
      this.teams.members(rows.map((r) => r.id)),
      this.teams.usersByIds(rows.map((r) => r.created_by_id)),
    ]);
    return rows.map((team) =>
      serializeTeam(
        team,
        creators.find((u) => u.id === team.created_by_id),
        members.filter((m) => m.membership.team_id === team.id),
      ),
    );
  }
}
