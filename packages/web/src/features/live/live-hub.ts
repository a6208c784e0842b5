/**
 * The change topics the open screens want (a project's changes, the project tree) and the places
 * they show (presence: a task, a board), shared by every screen over the tab's one live socket
 * (features/notifications/live-socket.ts): a screen asks with `watchProject`/`watchTree`/
 * `watchPlace` and lets go with the answered function; the socket subscribes once per topic, and
 * again after every reconnect. Pushed changes go to the listeners; who is at each place is kept
 * for `presentAt`. Nothing here knows React.
 */
import type { LiveChangePush, LivePresencePush, LiveRevokedPush, PresentUser } from '@ordo/core';
import type { LiveSocket } from '../notifications/live-socket';

type Push = LiveChangePush | LiveRevokedPush;

const projects = new Map<number, number>();
const places = new Map<string, { projectId: number; place: string; count: number }>();
const present = new Map<string, PresentUser[]>();
let tree = 0;
let socket: LiveSocket | null = null;
const listeners = new Set<(push: Push) => void>();
const presenceListeners = new Set<() => void>();

const placeKey = (projectId: number, place: string) => `${projectId}|${place}`;
const placeFrame = (action: 'subscribe' | 'unsubscribe', projectId: number, place: string) => ({
  action,
  event: 'project.presence',
  project_id: projectId,
  place,
});

/** The socket the topics travel on (null while signed out). */
export function attachLiveSocket(next: LiveSocket | null): void {
  socket = next;
  if (next === null && present.size > 0) {
    present.clear();
    for (const listener of presenceListeners) listener();
  }
}

/** Subscribe frames for every topic wanted now, sent after each sign-in of the socket. */
export function topicFrames(): object[] {
  const frames: object[] = [...projects.keys()].map((id) => ({
    action: 'subscribe',
    event: 'project.changes',
    project_id: id,
  }));
  if (tree > 0) frames.push({ action: 'subscribe', event: 'projects.changes' });
  // After the projects: the server lets a socket be at a place only in a project it watches.
  for (const { projectId, place } of places.values()) frames.push(placeFrame('subscribe', projectId, place));
  return frames;
}

export function watchProject(projectId: number): () => void {
  const count = projects.get(projectId) ?? 0;
  projects.set(projectId, count + 1);
  if (count === 0) {
    socket?.send({ action: 'subscribe', event: 'project.changes', project_id: projectId });
    // Places asked for before their project (a child screen's effect runs before its parent's).
    for (const entry of places.values())
      if (entry.projectId === projectId) socket?.send(placeFrame('subscribe', projectId, entry.place));
  }
  return () => {
    const left = (projects.get(projectId) ?? 1) - 1;
    if (left > 0) return projects.set(projectId, left);
    projects.delete(projectId);
    socket?.send({ action: 'unsubscribe', event: 'project.changes', project_id: projectId });
  };
}

/** Says this tab is at `place` of the project (watched with `watchProject` first). */
export function watchPlace(projectId: number, place: string): () => void {
  const key = placeKey(projectId, place);
  const entry = places.get(key) ?? { projectId, place, count: 0 };
  entry.count++;
  places.set(key, entry);
  // Sent now only if the project is watched already; otherwise watchProject sends it.
  if (entry.count === 1 && projects.has(projectId)) socket?.send(placeFrame('subscribe', projectId, place));
  return () => {
    entry.count--;
    if (entry.count > 0) return;
    places.delete(key);
    present.delete(key);
    socket?.send(placeFrame('unsubscribe', projectId, place));
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
  if (push.event === 'project.access_revoked') {
    projects.delete(push.data.project_id);
    for (const [key, entry] of places) {
      if (entry.projectId !== push.data.project_id) continue;
      places.delete(key);
      present.delete(key);
    }
  }
  for (const listener of listeners) listener(push);
}

export function dispatchPresence(push: LivePresencePush): void {
  const key = placeKey(push.data.project_id, push.data.place);
  if (!places.has(key)) return;
  present.set(key, push.data.users);
  for (const listener of presenceListeners) listener();
}

const nobody: PresentUser[] = [];

/** Everyone the server last said is at the place (this user included). */
export function presentAt(projectId: number, place: string): PresentUser[] {
  return present.get(placeKey(projectId, place)) ?? nobody;
}

export function onPresence(listener: () => void): () => void {
  presenceListeners.add(listener);
  return () => presenceListeners.delete(listener);
}
