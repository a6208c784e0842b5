/**
 * The change topics the open screens want (a project's changes, the project tree), shared by
 * every screen over the tab's one live socket (features/notifications/live-socket.ts): a screen
 * asks with `watchProject`/`watchTree` and lets go with the answered function; the socket
 * subscribes once per topic, and again after every reconnect. Pushed changes go to the
 * listeners. Nothing here knows React.
 */
import type { LiveChangePush, LiveRevokedPush } from '@ordo/core';
import type { LiveSocket } from '../notifications/live-socket';

type Push = LiveChangePush | LiveRevokedPush;

const projects = new Map<number, number>();
let tree = 0;
let socket: LiveSocket | null = null;
const listeners = new Set<(push: Push) => void>();

/** The socket the topics travel on (null while signed out). */
export function attachLiveSocket(next: LiveSocket | null): void {
  socket = next;
}

/** Subscribe frames for every topic wanted now, sent after each sign-in of the socket. */
export function topicFrames(): object[] {
  const frames: object[] = [...projects.keys()].map((id) => ({
    action: 'subscribe',
    event: 'project.changes',
    project_id: id,
  }));
  if (tree > 0) frames.push({ action: 'subscribe', event: 'projects.changes' });
  return frames;
}

export function watchProject(projectId: number): () => void {
  const count = projects.get(projectId) ?? 0;
  projects.set(projectId, count + 1);
  if (count === 0) socket?.send({ action: 'subscribe', event: 'project.changes', project_id: projectId });
  return () => {
    const left = (projects.get(projectId) ?? 1) - 1;
    if (left > 0) return projects.set(projectId, left);
    projects.delete(projectId);
    socket?.send({ action: 'unsubscribe', event: 'project.changes', project_id: projectId });
  };
}

export function watchTree(): () => void {
  tree++;
  if (tree === 1) socket?.send({ action: 'subscribe', event: 'projects.changes' });
  return () => {
    tree--;
    if (tree === 0) socket?.send({ action: 'unsubscribe', event: 'projects.changes' });
  };
}

export function onLiveChange(listener: (push: Push) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function dispatchLiveChange(push: Push): void {
  // The server ended a revoked subscription: it is not asked for again after a reconnect.
  if (push.event === 'project.access_revoked') projects.delete(push.data.project_id);
  for (const listener of listeners) listener(push);
}
