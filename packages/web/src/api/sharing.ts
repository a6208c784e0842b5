/**
 * Sharing a project with users, teams and by link (spec 2 §3 Rights, Link share; reference
 * §2.11, §3.8). Ordo's wire name for the right is `right` (0 read, 1 read & write, 2 admin). The
 * users to share with are found through users.ts.
 */
import type { Right } from '@ordo/core';
import { apiRequest, apiRequestWithHeaders } from './client';
import type { Message, User, SharedTeam as WireSharedTeam, SharedUser as WireSharedUser } from './types';

/** The list entries, with the share's right narrowed to the three rights. */
export type SharedUser = Omit<WireSharedUser, 'right'> & { right: Right };
export type SharedTeam = Omit<WireSharedTeam, 'right'> & { right: Right };

export interface LinkShare {
  id: number;
  /** The share's secret; empty for callers who may not manage shares. */
  hash: string;
  name: string;
  right: Right;
  /** 1 open, 2 password protected. */
  sharingType: number;
  sharedBy: User | null;
  created: string;
  updated: string;
}

export const LINK_SHARE_WITH_PASSWORD = 2;

export interface LinkShareInput {
  name: string;
  right: Right;
  password: string;
}

export const sharingKeys = {
  users: (projectId: number) => ['sharing', projectId, 'users'] as const,
  teams: (projectId: number) => ['sharing', projectId, 'teams'] as const,
  links: (projectId: number) => ['sharing', projectId, 'links'] as const,
  userSearch: (text: string) => ['users', 'search', text] as const,
};

/**
 * Every page of a share list: a project is shared with a handful of users or teams, and the
 * screen shows them all.
 */
async function allPages<T>(path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const { data, headers } = await apiRequestWithHeaders<T[] | null>('GET', `${path}?page=${page}`);
    items.push(...(data ?? []));
    const pages = Number(headers.get('x-pagination-total-pages') ?? '1') || 0;
    if (page >= pages || !data?.length) return items;
  }
}

export function fetchSharedUsers(projectId: number): Promise<SharedUser[]> {
  return allPages(`/projects/${projectId}/users`);
}

export function shareWithUser(projectId: number, username: string, right: Right): Promise<unknown> {
  return apiRequest('PUT', `/projects/${projectId}/users`, { body: { username, right } });
}

export function changeUserShare(projectId: number, username: string, right: Right): Promise<unknown> {
  return apiRequest('POST', `/projects/${projectId}/users/${encodeURIComponent(username)}`, {
    body: { right },
  });
}

export function unshareUser(projectId: number, username: string): Promise<Message> {
  return apiRequest('DELETE', `/projects/${projectId}/users/${encodeURIComponent(username)}`);
}

export function fetchSharedTeams(projectId: number): Promise<SharedTeam[]> {
  return allPages(`/projects/${projectId}/teams`);
}

export function shareWithTeam(projectId: number, teamId: number, right: Right): Promise<unknown> {
  return apiRequest('PUT', `/projects/${projectId}/teams`, { body: { teamId, right } });
}

export function changeTeamShare(projectId: number, teamId: number, right: Right): Promise<unknown> {
  return apiRequest('POST', `/projects/${projectId}/teams/${teamId}`, { body: { right } });
}

export function unshareTeam(projectId: number, teamId: number): Promise<Message> {
  return apiRequest('DELETE', `/projects/${projectId}/teams/${teamId}`);
}

export function fetchLinkShares(projectId: number): Promise<LinkShare[]> {
  return allPages(`/projects/${projectId}/shares`);
}

export function createLinkShare(projectId: number, input: LinkShareInput): Promise<LinkShare> {
  return apiRequest('PUT', `/projects/${projectId}/shares`, {
    body: {
      name: input.name.trim(),
      right: input.right,
      ...(input.password ? { password: input.password } : {}),
    },
  });
}

export function deleteLinkShare(projectId: number, shareId: number): Promise<Message> {
  return apiRequest('DELETE', `/projects/${projectId}/shares/${shareId}`);
}
