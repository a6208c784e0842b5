/**
 * Live change events: an Ordo extension of the WebSocket protocol (reference §6.2), which
 * Vikunja's clients never see. A socket subscribes to a topic with the same frames it uses for
 * `notification.created`, adding what the topic names:
 *
 * - `{"action":"subscribe","event":"project.changes","project_id":5}`: every change inside one
 *   project (its tasks, buckets, comments, views, shares…), refused unless the user can read it;
 * - `{"action":"subscribe","event":"projects.changes"}`: the user's project tree (projects
 *   created, renamed, archived, moved, deleted, shared, favourited) among those they can read,
 *   changes of the labels used in them, and of the teams the user is in (`team.updated`, with
 *   `project_id` 0: a team belongs to no project).
 *
 * A change is pushed as `{"event":"<change>","data":{"project_id":…,"task_id"?…,"actor_id":…}}`:
 * names and ids only, the client refetches what it shows. `origin`, told only to the actor's own
 * sockets, is the tab that made it (the `X-Ordo-Tab` header of its request): that tab skips its
 * echo, while the same user's other tabs and devices refetch like everyone else. When a user can no longer read a project they are subscribed to (share revoked,
 * project deleted), the socket hears `project.access_revoked` and the subscription ends.
 */

/** `project.presence` is presence.ts's. */
export const LIVE_TOPICS = ['project.changes', 'projects.changes', 'project.presence'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export function isLiveTopic(name: unknown): name is LiveTopic {
  return typeof name === 'string' && (LIVE_TOPICS as readonly string[]).includes(name);
}

export const LIVE_CHANGES = [
  'task.created',
  'task.updated',
  'task.deleted',
  'task.positions.updated',
  'task.comment.created',
  'task.comment.edited',
  'task.comment.deleted',
  'task.attachment.created',
  'task.attachment.deleted',
  'task.reaction.changed',
  'task.relation.created',
  'task.relation.deleted',
  'task.assignees.changed',
  'task.labels.changed',
  'label.updated',
  'label.deleted',
  'bucket.created',
  'bucket.updated',
  'bucket.deleted',
  'view.created',
  'view.updated',
  'view.deleted',
  /** A custom field of the project defined, changed or deleted (Ordo only). */
  'project.fields.changed',
  'project.created',
  'project.updated',
  'project.deleted',
  'project.favorite.changed',
  'project.shares.changed',
  'project.imported',
  'team.updated',
] as const;
export type LiveChange = (typeof LIVE_CHANGES)[number];

export const ACCESS_REVOKED = 'project.access_revoked';

/** Ids a change names; the client refetches what it shows of them. */
export interface LiveChangeData {
  project_id: number;
  actor_id: number;
  task_id?: number;
  bucket_id?: number;
  view_id?: number;
  label_id?: number;
  /** The tab whose request made the change (its `X-Ordo-Tab`), on the actor's own sockets only. */
  origin?: string;
}

/** The request header a web app tab names itself with, so it knows its own changes' echoes. */
export const TAB_HEADER = 'X-Ordo-Tab';
/** What a tab's name may be: anything else is ignored. */
export const TAB_ID_SHAPE = /^[A-Za-z0-9_-]{8,64}$/;

export interface LiveChangePush {
  event: LiveChange;
  data: LiveChangeData;
}

export interface LiveRevokedPush {
  event: typeof ACCESS_REVOKED;
  /** `actor_id`: who deleted or unshared it (their own screen already says what they did). */
  data: { project_id: number; reason: 'deleted' | 'revoked'; actor_id?: number };
}

/** A change or revocation the server pushed, or null for anything else. */
export function readLiveChange(text: string): LiveChangePush | LiveRevokedPush | null {
  try {
    const value = JSON.parse(text) as { event?: unknown; data?: { project_id?: unknown } } | null;
    if (!value || typeof value !== 'object' || !value.data || typeof value.data !== 'object') return null;
    if (!Number.isInteger(value.data.project_id)) return null;
    if (value.event === ACCESS_REVOKED || (LIVE_CHANGES as readonly unknown[]).includes(value.event)) {
      return value as LiveChangePush | LiveRevokedPush;
    }
  } catch {
    // Not JSON: not a change.
  }
  return null;
}

/** The Ordo answers to topic frames (Vikunja's own answers are in protocol.ts). */
export const liveTopicAnswers = {
  subscribed: (event: LiveTopic, projectId?: number) => ({
    action: 'subscribe.success',
    event,
    ...(projectId === undefined ? {} : { project_id: projectId }),
  }),
  invalidProject: (event: string) => ({
    error: 'invalid_project',
    event,
    reason: 'project_id must be a positive integer',
  }),
  forbidden: (projectId: number) => ({
    error: 'forbidden',
    event: 'project.changes',
    project_id: projectId,
    reason: 'You cannot read this project.',
  }),
  tooMany: (limit: number) => ({
    error: 'too_many_subscriptions',
    limit,
    reason: `A socket may hold at most ${limit} subscriptions.`,
  }),
} as const;
