/**
 * A project's webhooks (spec 2 §3 Webhook; reference §2.13, §3.12). The secret and basic-auth
 * fields are write-only: the server always answers them empty.
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

export const webhookKeys = {
  ofProject: (projectId: number) => ['webhooks', projectId] as const,
  events: ['webhooks', 'events'] as const,
};

/** Every page: a project has a handful of webhooks, and the modal shows them all. */
export async function fetchWebhooks(projectId: number): Promise<Webhook[]> {
  const hooks: Webhook[] = [];
  for (let page = 1; ; page++) {
    const { data, headers } = await apiRequestWithHeaders<Webhook[] | null>(
      'GET',
      `/projects/${projectId}/webhooks?page=${page}`,
    );
    hooks.push(...(data ?? []));
    const pages = Number(headers.get('x-pagination-total-pages') ?? '1') || 0;
    if (page >= pages || !data?.length) return hooks;
  }
}

export function fetchWebhookEvents(): Promise<string[]> {
  return apiRequest('GET', '/webhooks/events');
}

export function createWebhook(projectId: number, input: WebhookInput): Promise<Webhook> {
  return apiRequest('PUT', `/projects/${projectId}/webhooks`, { body: input });
}

export function updateWebhookEvents(projectId: number, id: number, events: string[]): Promise<Webhook> {
  return apiRequest('POST', `/projects/${projectId}/webhooks/${id}`, { body: { events } });
}

export function deleteWebhook(projectId: number, id: number): Promise<Message> {
  return apiRequest('DELETE', `/projects/${projectId}/webhooks/${id}`);
}
