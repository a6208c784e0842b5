/** API token calls (reference §2.14, §2.15). */
import { apiFetch, apiRequest } from './client';
import type { Message } from './types';

export type TokenPermissions = Record<string, string[]>;

export interface ApiToken {
  id: number;
  title: string;
  permissions: TokenPermissions;
  expiresAt: string;
  created: string;
  ownerId: number;
  /** The secret, in the create answer only. */
  token?: string;
}

/** group → permission → the route it grants. */
export type PermissionCatalogue = Record<string, Record<string, { path: string; method: string }>>;

export const apiTokensKey = ['user', 'api-tokens'] as const;
export const permissionCatalogueKey = ['api-token-routes'] as const;

/** Every token of the user (page 0 means all of them). */
export function fetchApiTokens(): Promise<ApiToken[]> {
  return apiRequest<ApiToken[]>('GET', '/tokens?page=0');
}

export function createApiToken(input: {
  title: string;
  permissions: TokenPermissions;
  expiresAt: string;
}): Promise<ApiToken> {
  return apiRequest<ApiToken>('PUT', '/tokens', { body: input });
}

export function deleteApiToken(id: number): Promise<Message> {
  return apiRequest<Message>('DELETE', `/tokens/${id}`);
}

/** The catalogue as sent: its keys are group and permission names, so they stay as they are. */
export async function fetchPermissionCatalogue(): Promise<PermissionCatalogue> {
  return (await apiFetch('/routes')).json() as Promise<PermissionCatalogue>;
}
