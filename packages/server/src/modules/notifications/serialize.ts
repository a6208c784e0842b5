/** The notification shape of reference §3.11; unread is `read_at` at the zero time. */
import { type MarkedNotification, type Notification, toApiDate } from '@ordo/core';
import type { NotificationRow } from '../../db/schema.js';

export function serializeNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    notification: JSON.parse(row.payload) as unknown,
    name: row.name,
    read_at: toApiDate(row.read_at),
    created: row.created,
  };
}

/** `POST /notifications/:id` adds `read` at the end. */
export function serializeMarkedNotification(row: NotificationRow): MarkedNotification {
  return { ...serializeNotification(row), read: row.read_at !== null };
}

export type SerializedNotification = ReturnType<typeof serializeNotification>;
