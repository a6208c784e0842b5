/**
 * The events a webhook can be sent (reference §3.12), and the checks a webhook's target and
 * events must pass. The overdue events go out once a day per user, at their overdue-reminder time
 * (webhooks/overdue-events.ts): `task.overdue` for each of their overdue tasks, and one
 * `tasks.overdue` listing them all.
 */

/** Events about a project's tasks and the project itself; usable in project webhooks. */
export const PROJECT_WEBHOOK_EVENTS = [
  'project.deleted',
  'project.shared.team',
  'project.shared.user',
  'project.updated',
  'task.assignee.created',
  'task.assignee.deleted',
  'task.attachment.created',
  'task.attachment.deleted',
  'task.comment.created',
  'task.comment.deleted',
  'task.comment.edited',
  'task.created',
  'task.deleted',
  'task.overdue',
  'task.relation.created',
  'task.relation.deleted',
  'task.reminder.fired',
  'task.updated',
  'tasks.overdue',
] as const;

/** Events directed at one user: the only ones a user-level webhook may name. */
export const USER_WEBHOOK_EVENTS = ['task.overdue', 'task.reminder.fired', 'tasks.overdue'] as const;

export type WebhookEvent = (typeof PROJECT_WEBHOOK_EVENTS)[number];

const projectEvents: ReadonlySet<string> = new Set(PROJECT_WEBHOOK_EVENTS);
const userEvents: ReadonlySet<string> = new Set(USER_WEBHOOK_EVENTS);

export function isWebhookEvent(name: string, scope: 'project' | 'user'): name is WebhookEvent {
  return (scope === 'project' ? projectEvents : userEvents).has(name);
}

/**
 * Whether a webhook may be sent to this address: an absolute http or https URL with a host.
 * Other schemes (file:, ftp:, javascript:) are refused so a webhook cannot be pointed at them.
 * (Core has no `URL`: it runs without DOM or Node types, so the shape is checked by hand.)
 */
export function isWebhookTarget(url: string): boolean {
  const match = /^https?:\/\/([^/?#]*)[^\s]*$/i.exec(url.trim());
  if (!match) return false;
  const host = match[1].slice(match[1].lastIndexOf('@') + 1).replace(/:\d*$/, '');
  return /^(\[[0-9a-f:.]+\]|[^\s:@[\]]+)$/i.test(host);
}
