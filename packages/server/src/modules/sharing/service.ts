/**
 * Sharing a project with users and teams (reference §2.11, §5.16). Reading the shares needs read
 * access to the project; creating, changing and removing them needs admin. A team can be shared
 * by its members, or by anyone when it is public and public teams are enabled.
 */
import { Right, type SharedTeam, type SharedUser } from '@ordo/core';
import { fail, invalidFields } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import type { NotificationEvents } from '../notifications/events.js';
import { isUniqueViolation } from '../tasks/repo.js';
import type { TeamsRepo } from '../teams/repo.js';
import type { TeamsService } from '../teams/service.js';
import type { UsersRepo } from '../users/repo.js';
import { publicUser } from '../users/serialize.js';
import { readShareRight, type SharingAccess } from './access.js';
import type { ProjectSharesRepo } from './project-shares-repo.js';
import { serializeTeamShare, serializeUserShare } from './serialize.js';

export interface ShareListInput {
  page: Page;
  s?: string;
}

/** Users an assignee or share picker may offer at once. */
const PROJECT_USERS_LIMIT = 50;

export class ProjectSharingService {
  constructor(
    private readonly access: SharingAccess,
    private readonly shares: ProjectSharesRepo,
    private readonly users: UsersRepo,
    private readonly teamsRepo: TeamsRepo,
    private readonly teams: TeamsService,
    private readonly publicTeamsEnabled: boolean,
    /** The change listeners (notifications, webhooks), told after a share is made. */
    private readonly events: NotificationEvents,
  ) {}

  async listUsers(principalId: number, projectId: number, input: ShareListInput) {
    await this.access.demand(principalId, projectId, Right.read, 'needProjectReadAccess');
    const { rows, total } = await this.shares.usersOf(projectId, this.pageQuery(input));
    const items: SharedUser[] = rows.map(({ user, share }) => ({ ...publicUser(user), right: share.right }));
    return { items, total };
  }

  async shareWithUser(principalId: number, projectId: number, input: { username?: string; right?: unknown }) {
    const { project } = await this.access.demand(principalId, projectId, Right.admin);
    const right = readShareRight(input.right);
    if (!input.username) throw invalidFields(['username: non zero value required']);
    const user = await this.users.findByUsername(input.username);
    if (!user) throw fail('userDoesNotExist');
    if (user.id === project.owner_id || (await this.shares.userShare(projectId, user.id)))
      throw fail('userAlreadyHasAccess');
    // The unique index settles a race between two identical requests.
    const share = await this.shares
      .insertUserShare(projectId, user.id, right)
      .catch((error) => Promise.reject(isUniqueViolation(error) ? fail('userAlreadyHasAccess') : error));
    await this.events.projectShared(principalId, projectId, { userId: user.id });
    return serializeUserShare(share, user.username);
  }

  async changeUserShare(principalId: number, projectId: number, username: string, rawRight: unknown) {
    await this.access.demand(principalId, projectId, Right.admin);
    const right = readShareRight(rawRight);
    const { user, share } = await this.userShareOf(projectId, username);
    await this.shares.setUserShareRight(share.id, right);
    await this.sharesChanged(principalId, projectId, [user.id]);
    return serializeUserShare(
      (await this.shares.userShare(projectId, user.id)) ?? { ...share, right },
      user.username,
    );
  }

  async unshareUser(principalId: number, projectId: number, username: string): Promise<void> {
    await this.access.demand(principalId, projectId, Right.admin);
    const { user, share } = await this.userShareOf(projectId, username);
    await this.shares.deleteUserShare(share.id);
    await this.sharesChanged(principalId, projectId, [user.id]);
  }

  async listTeams(principalId: number, projectId: number, input: ShareListInput) {
    await this.access.demand(principalId, projectId, Right.read, 'needProjectReadAccess');
    const { rows, total } = await this.shares.teamsOf(projectId, this.pageQuery(input));
    const teams = await this.teams.hydrate(rows.map((r) => r.team));
    const items: SharedTeam[] = teams.map((team, i) => ({ ...team, right: rows[i].share.right }));
    return { items, total };
  }

  async shareWithTeam(principalId: number, projectId: number, input: { team_id?: number; right?: unknown }) {
    await this.access.demand(principalId, projectId, Right.admin);
    const right = readShareRight(input.right);
    const teamId = input.team_id ?? 0;
    const team = teamId > 0 ? await this.teamsRepo.find(teamId) : undefined;
    // A private team the caller is not in stays invisible: it answers like a missing one.
    const visible =
      team &&
      ((this.publicTeamsEnabled && team.is_public) ||
        (await this.teamsRepo.membership(team.id, principalId)));
    if (!team || !visible) throw fail('teamDoesNotExist');
    if (await this.shares.teamShare(projectId, team.id)) throw fail('teamAlreadyHasAccess');
    const share = await this.shares
      .insertTeamShare(projectId, team.id, right)
      .catch((error) => Promise.reject(isUniqueViolation(error) ? fail('teamAlreadyHasAccess') : error));
    await this.events.projectShared(principalId, projectId, { teamId: team.id });
    return serializeTeamShare(share, team.id);
  }

  async changeTeamShare(principalId: number, projectId: number, teamId: number, rawRight: unknown) {
    await this.access.demand(principalId, projectId, Right.admin);
    const right = readShareRight(rawRight);
    const share = await this.shares.teamShare(projectId, teamId);
    if (!share) throw fail('teamDoesNotHaveAccess');
    await this.shares.setTeamShareRight(share.id, right);
    await this.teamSharesChanged(principalId, projectId, teamId);
    return serializeTeamShare(
      (await this.shares.teamShare(projectId, teamId)) ?? { ...share, right },
      teamId,
    );
  }

  async unshareTeam(principalId: number, projectId: number, teamId: number): Promise<void> {
    await this.access.demand(principalId, projectId, Right.admin);
    const share = await this.shares.teamShare(projectId, teamId);
    if (!share) throw fail('teamDoesNotHaveAccess');
    await this.shares.deleteTeamShare(share.id);
    await this.teamSharesChanged(principalId, projectId, teamId);
  }

  /** Who may have lost (or gained) the project hears it on their project tree (modules/live). */
  private sharesChanged(principalId: number, projectId: number, users: readonly number[]) {
    return this.events.changed({ change: 'project.shares.changed', projectId, actorId: principalId, users });
  }

  private async teamSharesChanged(principalId: number, projectId: number, teamId: number) {
    const members = await this.teamsRepo.members([teamId]);
    await this.sharesChanged(
      principalId,
      projectId,
      members.map((m) => m.user.id),
    );
  }

  /** Everyone who can reach the project, for assignee and share pickers (reference §4.15). */
  async projectUsers(principalId: number, projectId: number, search: string | undefined) {
    await this.access.demand(principalId, projectId, Right.read);
    const rows = await this.shares.usersWithAccess(
      projectId,
      search?.trim() || undefined,
      PROJECT_USERS_LIMIT,
    );
    return rows.map(publicUser);
  }

  private async userShareOf(projectId: number, username: string) {
    const user = await this.users.findByUsername(username);
    if (!user) throw fail('userDoesNotExist');
    const share = await this.shares.userShare(projectId, user.id);
    if (!share) throw fail('userDoesNotHaveAccess');
    return { user, share };
  }

  private pageQuery(input: ShareListInput) {
    return { search: input.s?.trim() || undefined, limit: input.page.limit, offset: input.page.offset };
  }
}
