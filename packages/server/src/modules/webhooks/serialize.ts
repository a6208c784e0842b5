/**
 * Webhook JSON (reference §3.12). The secret and the basic-auth pair are write-only: responses
 * always carry them as empty strings, so nobody learns them back, not even those who may edit the
 * webhook (the only ones shown it at all, service.ts).
 */
import type { Webhook } from '@ordo/core';
import type { WebhookRow } from '../../db/schema.js';
import type { PublicUser } from '../users/serialize.js';
import { eventsOf } from './repo.js';

export type WebhookJson = Webhook;

export function serializeWebhook(row: WebhookRow, createdBy: PublicUser | null): WebhookJson {
  return {
    id: row.id,
    target_url: row.target_url,
    events: eventsOf(row),
    project_id: row.project_id ?? 0,
    user_id: row.user_id ?? 0,
    secret: '',
    basic_auth_user: '',
    basic_auth_password: '',
    created_by: createdBy,
    created: row.created,
    updated: row.updated,
  };
}
