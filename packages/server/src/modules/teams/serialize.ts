/** The team shapes of reference §3.6. */
import type { Team, TeamMembership } from '@ordo/core';
import type { TeamMemberRow, TeamRow, UserRow } from '../../db/schema.js';
import { publicUser } from '../users/serialize.js';
import type { MemberWithUser } from './repo.js';

export function serializeTeam(
  team: TeamRow,
  createdBy: UserRow | undefined,
  members: MemberWithUser[],
): Team {
  return {
    id: team.id,
    name: team.name,
    description: team.description,
    external_id: team.external_id,
    created_by: createdBy ? publicUser(createdBy) : null,
    members: members.map((m) => ({ ...publicUser(m.user), admin: !!m.membership.admin })),
    created: team.created,
    updated: team.updated,
    is_public: !!team.is_public,
  };
}

export type SerializedTeam = ReturnType<typeof serializeTeam>;

/** The add-member and toggle-admin answer. */
export function serializeMembership(membership: TeamMemberRow, username: string): TeamMembership {
  return { id: membership.id, username, admin: !!membership.admin, created: membership.created };
}
