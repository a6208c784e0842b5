/** In-app notifications (reference §3.11); unread is `read_at` at the zero time. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate } from './fields.js';

export const NotificationSchema = Type.Object({
  id: Type.Integer(),
  /** The payload as stored; its keys depend on `name` (reference §3.11's table). */
  notification: Type.Unknown(),
  name: Type.String({ description: 'task.comment, task.assigned, project.created, …' }),
  read_at: ApiDate,
  created: ApiDate,
});
export type Notification = Static<typeof NotificationSchema>;

/** The answer to marking one read or unread: the notification with `read` at the end. */
export const MarkedNotificationSchema = Type.Object({
  ...NotificationSchema.properties,
  read: Type.Boolean(),
});
export type MarkedNotification = Static<typeof MarkedNotificationSchema>;
