/**
 * A change as services announce it (live-changes.ts) and as it travels between processes
 * (channel.ts): the change's name, the project it happened in, who made it, and the ids the
 * client refetches by. `users` names people whose access to the project may just have ended
 * (a revoked share): their project-tree sockets hear the change even though they can no longer
 * read the project, so their sidebar drops it.
 */
import { LIVE_CHANGES, type LiveChange, type LiveChangeData, TAB_ID_SHAPE } from '@ordo/core';

export interface ChangeEvent {
  change: LiveChange;
  projectId: number;
  actorId: number;
  taskId?: number;
  bucketId?: number;
  viewId?: number;
  labelId?: number;
  users?: readonly number[];
  /** The web app tab whose request made the change (core live/changes.ts `origin`). */
  origin?: string;
}

/** Affected users carried per change: a team share names its members, bounded here. */
const MAX_USERS = 200;

export type WireChange = [LiveChange, LiveChangeData, number[]?];

export function toWire(c: ChangeEvent): WireChange {
  const data = changeData(c, true);
  return c.users?.length ? [c.change, data, c.users.slice(0, MAX_USERS) as number[]] : [c.change, data];
}

export function fromWire(value: unknown): ChangeEvent | null {
  if (!Array.isArray(value)) return null;
  const [change, data, users] = value as [unknown, Partial<LiveChangeData> | null, unknown];
  if (!(LIVE_CHANGES as readonly unknown[]).includes(change) || !data || typeof data !== 'object')
    return null;
  if (!Number.isInteger(data.project_id) || !Number.isInteger(data.actor_id)) return null;
  const id = (v: unknown) => (Number.isInteger(v) ? (v as number) : undefined);
  return {
    change: change as LiveChange,
    projectId: data.project_id as number,
    actorId: data.actor_id as number,
    taskId: id(data.task_id),
    bucketId: id(data.bucket_id),
    viewId: id(data.view_id),
    labelId: id(data.label_id),
    origin: typeof data.origin === 'string' && TAB_ID_SHAPE.test(data.origin) ? data.origin : undefined,
    users: Array.isArray(users) ? users.filter((u): u is number => Number.isInteger(u)) : undefined,
  };
}

/**
 * What a socket is pushed: the ids, without the affected users; the tab that made it only to the
 * actor's own sockets (`toActor`).
 */
export function changeData(c: ChangeEvent, toActor: boolean): LiveChangeData {
  const data: LiveChangeData = { project_id: c.projectId, actor_id: c.actorId };
  if (c.taskId !== undefined) data.task_id = c.taskId;
  if (c.bucketId !== undefined) data.bucket_id = c.bucketId;
  if (c.viewId !== undefined) data.view_id = c.viewId;
  if (c.labelId !== undefined) data.label_id = c.labelId;
  if (toActor && c.origin !== undefined) data.origin = c.origin;
  return data;
}

/**
 * Changes the project-tree subscription hears, not only those of one project: the tree itself (the
 * sidebar), the labels of the user's projects and the user's teams (their pages).
 */
export const TREE_CHANGES: ReadonlySet<LiveChange> = new Set([
  'project.created',
  'project.updated',
  'project.deleted',
  'project.favorite.changed',
  'project.shares.changed',
  'project.imported',
  'label.updated',
  'label.deleted',
  'team.updated',
]);
