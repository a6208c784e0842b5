/** The user shapes of reference §3.7. */
import {
  defaultFrontendSettings,
  type FrontendSettings,
  toApiDate,
  type User,
  type UserSettings,
} from '@ordo/core';
import type { UserRow } from '../../db/schema.js';

export type PublicUser = User;

/** Embedded everywhere (owners, assignees, search results): never carries the e-mail. */
export function publicUser(row: UserRow): PublicUser {
  return { id: row.id, name: row.name, username: row.username, created: row.created, updated: row.updated };
}

/** The register response: the public user with its e-mail. */
export function ownUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    created: row.created,
    updated: row.updated,
  };
}

export function parseFrontendSettings(stored: string | null): FrontendSettings {
  if (!stored) return { ...defaultFrontendSettings };
  try {
    const parsed = JSON.parse(stored) as Partial<FrontendSettings>;
    return { ...defaultFrontendSettings, ...parsed };
  } catch {
    return { ...defaultFrontendSettings };
  }
}

export function userSettings(row: UserRow): UserSettings & { extra_settings_links: null } {
  return {
    name: row.name,
    email_reminders_enabled: !!row.email_reminders_enabled,
    discoverable_by_name: !!row.discoverable_by_name,
    discoverable_by_email: !!row.discoverable_by_email,
    overdue_tasks_reminders_enabled: !!row.overdue_tasks_reminders_enabled,
    overdue_tasks_reminders_time: row.overdue_tasks_reminders_time,
    default_project_id: row.default_project_id ?? 0,
    week_start: row.week_start,
    language: row.language,
    timezone: row.timezone,
    frontend_settings: parseFrontendSettings(row.frontend_settings),
    extra_settings_links: null,
  };
}

/** `GET /user`: the user with e-mail and settings. */
export function userWithSettings(row: UserRow) {
  return {
    ...ownUser(row),
    settings: userSettings(row),
    deletion_scheduled_at: toApiDate(row.deletion_scheduled_at),
    is_local_user: row.issuer === 'local',
    auth_provider: row.issuer,
    is_admin: false,
    // Only while a changed address waits for its confirmation (reference §3.7: omitempty).
    ...(row.pending_email ? { pending_email: row.pending_email } : {}),
  };
}
