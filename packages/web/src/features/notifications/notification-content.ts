/**
 * What the popup shows for a notification (spec 2 §2 "Notifications popup"): a sentence by name
 * and where a click leads. Names the app does not know, and empty ones, are not shown.
 */
import { displayName } from '@ordo/core';
import type { AppNotification } from '../../api/notifications';

export interface NotificationSentence {
  /** An i18n key under notifications.sentence. */
  key: string;
  params: Record<string, string>;
}

const KNOWN = new Set([
  'task.comment',
  'task.assigned',
  'task.deleted',
  'task.reminder',
  'task.mentioned',
  'project.created',
  'team.member.added',
  'migration.done',
  'migration.failed',
]);

export function isShown(notification: AppNotification): boolean {
  return KNOWN.has(notification.name);
}

function nameOf(user: { name: string; username: string } | null | undefined): string {
  return user ? displayName(user) : '';
}

/** The sentence for a notification, as seen by `userId` (who may be the assignee). */
export function sentenceOf(notification: AppNotification, userId: number): NotificationSentence {
  const p = notification.notification;
  const params = {
    doer: nameOf(p.doer),
    task: p.task?.title ?? '',
    project: p.project?.title ?? '',
    team: p.team?.name ?? '',
    assignee: nameOf(p.assignee),
  };
  switch (notification.name) {
    case 'task.comment':
      return { key: p.mentioned ? 'commentMention' : 'comment', params };
    case 'task.assigned':
      return { key: p.assignee?.id === userId ? 'assignedYou' : 'assigned', params };
    case 'task.deleted':
      return { key: 'deleted', params };
    case 'task.reminder':
      return { key: 'reminder', params };
    case 'task.mentioned':
      return { key: 'mentioned', params };
    case 'project.created':
      return { key: 'projectCreated', params };
    case 'migration.done': {
      const counts = p as unknown as { projects?: number; tasks?: number };
      return {
        key: 'importDone',
        params: { ...params, projects: String(counts.projects ?? 0), tasks: String(counts.tasks ?? 0) },
      };
    }
    case 'migration.failed':
      return { key: 'importFailed', params };
    default:
      return { key: 'memberAdded', params };
  }
}

/** The app path a click opens, or null when the item is gone and nothing better exists. */
export function targetOf(notification: AppNotification): string | null {
  const p = notification.notification;
  switch (notification.name) {
    case 'project.created':
      return p.project ? `/projects/${p.project.id}` : null;
    case 'migration.done':
      return '/projects';
    case 'migration.failed': {
      // The importer's page shows why it failed.
      const name = (p as unknown as { migrator_name?: string }).migrator_name;
      return name ? `/migrate/${encodeURIComponent(name)}` : null;
    }
    case 'team.member.added':
      return p.team ? `/teams/${p.team.id}/edit` : null;
    case 'task.deleted':
      // The task is gone; its project is the nearest thing left.
      return p.task ? `/projects/${p.task.projectId}` : null;
    default:
      return p.task ? `/tasks/${p.task.id}` : null;
  }
}
