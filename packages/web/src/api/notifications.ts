/** In-app notifications (spec 2 §3 Notification, §7; reference §2.12, §3.11). */
import { isUnsetDate } from '@ordo/core';
import { apiRequest } from './client';
import type { Project } from './projects';
import type { Task } from './tasks';
import type { User, Notification as WireNotification } from './types';

/** The payload by name; only the fields the popup reads are typed. */
export interface NotificationPayload {
  doer?: User | null;
  task?: Pick<Task, 'id' | 'title' | 'projectId' | 'identifier'> | null;
  project?: Pick<Project, 'id' | 'title'> | null;
  comment?: { id: number; comment: string } | null;
  assignee?: User | null;
  member?: User | null;
  team?: { id: number; name: string } | null;
  mentioned?: boolean;
  isNew?: boolean;
}

/** `readAt` is the zero time while unread. */
export type AppNotification = Omit<WireNotification, 'notification'> & {
  notification: NotificationPayload;
};

export function isUnread(notification: AppNotification): boolean {
  return isUnsetDate(notification.readAt);
}

export function fetchNotifications(): Promise<AppNotification[]> {
  return apiRequest('GET', '/notifications');
}

export function markNotification(id: number, read: boolean): Promise<AppNotification> {
  return apiRequest('POST', `/notifications/${id}`, { body: { read } });
}

export async function markAllNotificationsRead(): Promise<void> {
  await apiRequest('POST', '/notifications');
}
