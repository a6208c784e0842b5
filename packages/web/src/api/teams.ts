/** Teams and their members (spec 2 §3 Team, §7; reference/vikunja-api.md §2.10, §3.6). */
import { isRight, Right } from '@ordo/core';
import { apiRequest, apiRequestWithHeaders } from './client';
import type { Message, User } from './types';

export interface TeamMember extends User {
  admin: boolean;
}

export interface Team {
  id: number;
  name: string;
  description: string;
  isPublic: boolean;
  externalId: string;
  createdBy: User | null;
  members: TeamMember[] | null;
  created: string;
  updated: string;
}

/** A team as read on its own: the caller's right comes from the `x-max-right` header (2 = team admin). */
export interface TeamWithRight extends Team {
  maxRight: Right;
}

export interface TeamInput {
  name: string;
  description: string;
  isPublic: boolean;
}

export interface TeamPage {
  teams: Team[];
  totalPages: number;
}

export const teamKeys = {
  all: ['teams'] as const,
  page: (page: number) => ['teams', 'page', page] as const,
  search: (text: string, includePublic: boolean) => ['teams', 'search', text, includePublic] as const,
  one: (id: number) => ['teams', 'one', id] as const,
};

export async function fetchTeamPage(page: number): Promise<TeamPage> {
  const { data, headers } = await apiRequestWithHeaders<Team[] | null>('GET', `/teams?page=${page}`);
  return { teams: data ?? [], totalPages: Number(headers.get('x-pagination-total-pages') ?? '0') || 0 };
}

/** Teams whose name contains `text`: the caller's own, and public ones when asked for. */
export async function searchTeams(
  text: string,
  includePublic: boolean,
  signal?: AbortSignal,
): Promise<Team[]> {
  const params = new URLSearchParams({ s: text });
  if (includePublic) params.set('include_public', 'true');
  return (await apiRequest<Team[] | null>('GET', `/teams?${params}`, { signal })) ?? [];
}

export async function fetchTeam(id: number): Promise<TeamWithRight> {
  const { data, headers } = await apiRequestWithHeaders<Team>('GET', `/teams/${id}`);
  const header = Number(headers.get('x-max-right') ?? headers.get('x-max-permission'));
  return { ...data, maxRight: isRight(header) ? header : Right.read };
}

function body(input: TeamInput) {
  return { name: input.name.trim(), description: input.description, isPublic: input.isPublic };
}

export function createTeam(input: TeamInput): Promise<Team> {
  return apiRequest('PUT', '/teams', { body: body(input) });
}

export function updateTeam(id: number, input: TeamInput): Promise<Team> {
  return apiRequest('POST', `/teams/${id}`, { body: body(input) });
}

export function deleteTeam(id: number): Promise<Message> {
  return apiRequest('DELETE', `/teams/${id}`);
}

export function addTeamMember(teamId: number, username: string, admin = false): Promise<unknown> {
  return apiRequest('PUT', `/teams/${teamId}/members`, { body: { username, admin } });
}

/** Removes a member; a member removing themself leaves the team. */
export function removeTeamMember(teamId: number, username: string): Promise<Message> {
  return apiRequest('DELETE', `/teams/${teamId}/members/${encodeURIComponent(username)}`);
}

/** The server toggles the flag: promote a member, demote an admin. */
export function toggleTeamAdmin(teamId: number, username: string): Promise<unknown> {
  return apiRequest('POST', `/teams/${teamId}/members/${encodeURIComponent(username)}/admin`);
}
