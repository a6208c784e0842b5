/**
 * Webhooks of a project or of the signed-in user (spec 2 §3 Webhook; reference §2.13, §3.12). The
 * secret and basic-auth fields are write-only: the server always answers them empty.
 */
import { apiRequest, apiRequestWithHeaders } from './client';
import type { Message, User } from './types';

export interface Webhook {
  id: number;
  targetUrl: string;
  events: string[];
  projectId: number;
  createdBy: User | null;
  created: string;
  updated: string;
}

export interface WebhookInput {
  targetUrl: string;
  events: string[];
  secret: string;
  basicAuthUser: string;
  basicAuthPassword: string;
}

/** Whose webhooks: a project's (by id) or the user's own account-level ones. */
export type WebhookOwner = number | 'user';

function basePath(owner: WebhookOwner): string {
  return owner === 'user' ? '/user/settings/webhooks' : `/projects/${owner}/webhooks`;
}

export const webhookKeys = {
  of: (owner: WebhookOwner) => ['webhooks', owner] as const,
  /** A user webhook offers only the events directed at one user. */
  events: (owner: WebhookOwner) => ['webhooks', 'events', owner === 'user' ? 'user' : 'project'] as const,
};

/** Every page: there are a handful of webhooks, and the list shows them all. */
export async function fetchWebhooks(owner: WebhookOwner): Promise<Webhook[]> {
  const hooks: Webhook[] = [];
  for (let page = 1; ; page++) {
    const { data, headers } = await apiRequestWithHeaders<Webhook[] | null>(
      'GET',
      `${basePath(owner)}?page=${page}`,
    );
    hooks.push(...(data ?? []));
    const pages = Number(headers.get('x-pagination-total-pages') ?? '1') || 0;
    if (page >= pages || !data?.length) return hooks;
  }
}

export function fetchWebhookEvents(owner: WebhookOwner): Promise<string[]> {
  return apiRequest('GET', owner === 'user' ? '/user/settings/webhooks/events' : '/webhooks/events');
}

export function createWebhook(owner: WebhookOwner, input: WebhookInput): Promise<Webhook> {
  return apiRequest('PUT', basePath(owner), { body: input });
}

export function updateWebhookEvents(owner: WebhookOwner, id: number, events: string[]): Promise<Webhook> {
  return apiRequest('POST', `${basePath(owner)}/${id}`, { body: { events } });
}

export function deleteWebhook(owner: WebhookOwner, id: number): Promise<Message> {
  return apiRequest('DELETE', `${basePath(owner)}/${id}`);
}
