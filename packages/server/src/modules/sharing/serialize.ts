/** Share shapes of reference §3.6–§3.8 (with Ordo's v0.24 name `right`). */
import {
  defaultFrontendSettings,
  type LinkShare,
  type ProjectTeamShare,
  type ProjectUserShare,
  toApiDate,
} from '@ordo/core';
import type { LinkShareRow, UserRow } from '../../db/schema.js';
import { type PublicUser, publicUser } from '../users/serialize.js';
import type { ShareRow } from './project-shares-repo.js';

/** `user_id` holds the username too: v0.24's name for it, which its web app reads. */
export function serializeUserShare(share: ShareRow, username: string): ProjectUserShare {
  return {
    id: share.id,
    username,
    user_id: username,
    right: share.right,
    created: share.created,
    updated: share.updated,
  };
}

export function serializeTeamShare(share: ShareRow, teamId: number): ProjectTeamShare {
  return {
    id: share.id,
    team_id: teamId,
    right: share.right,
    created: share.created,
    updated: share.updated,
  };
}

/**
 * A link share. The password is write-only and never leaves the server; the hash is the share's
 * secret and only goes to callers who may manage shares (`showHash`).
 */
export function serializeLinkShare(
  share: LinkShareRow,
  sharedBy: UserRow | undefined | null,
  showHash: boolean,
): LinkShare {
  return {
    id: share.id,
    hash: showHash ? share.hash : '',
    name: share.name,
    right: share.right,
    sharing_type: share.sharing_type,
    password: '',
    shared_by: sharedBy ? publicUser(sharedBy) : null,
    created: share.created,
    updated: share.updated,
  };
}

/** The name a link share shows as a pseudo-user. */
export function linkShareDisplayName(share: LinkShareRow): string {
  return share.name ? `${share.name} (Link Share)` : 'Link Share';
}

/**
 * A link share where the API embeds a user (a task's creator, a comment's author): its pseudo-user,
 * id −share id.
 */
export function linkSharePerson(share: LinkShareRow): PublicUser {
  return {
    id: -share.id,
    name: linkShareDisplayName(share),
    username: `link-share-${share.id}`,
    created: share.created,
    updated: share.updated,
  };
}

/** `GET /user` for a link-share token: the pseudo-user, shaped like a user with settings. */
export function linkShareUser(share: LinkShareRow) {
  return {
    ...linkSharePerson(share),
    settings: {
      name: linkShareDisplayName(share),
      email_reminders_enabled: false,
      discoverable_by_name: false,
      discoverable_by_email: false,
      overdue_tasks_reminders_enabled: false,
      overdue_tasks_reminders_time: '09:00',
      default_project_id: 0,
      week_start: 0,
      language: '',
      timezone: '',
      frontend_settings: { ...defaultFrontendSettings },
      extra_settings_links: null,
    },
    deletion_scheduled_at: toApiDate(null),
    is_local_user: false,
    auth_provider: '',
    is_admin: false,
  };
}
