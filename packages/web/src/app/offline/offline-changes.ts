/**
 * What a task write made offline looks like at once: the answer the server would have given (as
 * far as the app reads it) and the same change written into every cached query, so lists, boards
 * and the task detail show it, also after a reload from the persisted cache. New tasks get a
 * negative id until the server gives them theirs (outbox.ts). Besides the task itself: a new label
 * (offline-labels.ts), a label put on it or taken off it, a relation to another task made or
 * removed (a subtask pasted under it in quick-add), a new comment on it (shown as waiting until it
 * is sent), and a comment of it edited or deleted.
 */
import { isRelationKind, RELATION_INVERSES, type RelationKind } from '@ordo/core';
import type { QueryClient } from '@tanstack/react-query';
import type { Comment } from '../../api/comments';
import type { Label } from '../../api/labels';
import { queryKeys } from '../../api/query-keys';
import type { Task } from '../../api/tasks';
import type { User } from '../../api/types';
import { cachedLabel } from './cached-labels';
import { addWaitingLabel, setWaitingLabels } from './offline-labels';

export type ChangeKind =
  | 'create'
  | 'update'
  | 'delete'
  | 'move'
  | 'position'
  | 'labelCreate'
  | 'labelAdd'
  | 'labelRemove'
  | 'relationAdd'
  | 'relationRemove'
  | 'comment'
  | 'commentEdit'
  | 'commentDelete';

export interface OfflineWrite {
  kind: ChangeKind;
  method: string;
  path: string;
  /** The camel-cased body the app sent. */
  body: unknown;
  /** The task the write is about (negative while it exists only here); 0 for a new label. */
  taskId: number;
  projectId?: number;
  /** For an update: the task as the writer had it, so only what changed from it is sent. */
  base?: unknown;
}

const patterns: [ChangeKind, string, RegExp][] = [
  ['create', 'PUT', /^\/projects\/(-?\d+)\/tasks$/],
  ['update', 'POST', /^\/tasks\/(-?\d+)$/],
  ['delete', 'DELETE', /^\/tasks\/(-?\d+)$/],
  ['move', 'POST', /^\/projects\/(-?\d+)\/views\/\d+\/buckets\/(\d+)\/tasks$/],
  ['position', 'POST', /^\/tasks\/(-?\d+)\/position$/],
  ['labelCreate', 'PUT', /^\/labels$/],
  ['labelAdd', 'PUT', /^\/tasks\/(-?\d+)\/labels$/],
  ['labelRemove', 'DELETE', /^\/tasks\/(-?\d+)\/labels\/(-?\d+)$/],
  ['relationAdd', 'PUT', /^\/tasks\/(-?\d+)\/relations$/],
  ['relationRemove', 'DELETE', /^\/tasks\/(-?\d+)\/relations\/(\w+)\/(-?\d+)$/],
  ['comment', 'PUT', /^\/tasks\/(-?\d+)\/comments$/],
  ['commentEdit', 'POST', /^\/tasks\/(-?\d+)\/comments\/(\d+)$/],
  ['commentDelete', 'DELETE', /^\/tasks\/(-?\d+)\/comments\/(\d+)$/],
];

/** A comment written offline has a negative id until the server has it. */
export const isWaitingComment = (comment: Pick<Comment, 'id'>) => comment.id < 0;

/** The task write this request is, or null when it cannot wait for the network. */
export function offlineWriteOf(method: string, path: string, body: unknown): OfflineWrite | null {
  for (const [kind, verb, pattern] of patterns) {
    const match = verb === method ? pattern.exec(path) : null;
    if (!match) continue;
    const fields = (body ?? {}) as { taskId?: number };
    if (kind === 'create') return { kind, method, path, body, taskId: 0, projectId: Number(match[1]) };
    if (kind === 'labelCreate') return { kind, method, path, body, taskId: 0 };
    if (kind === 'move')
      return { kind, method, path, body, taskId: Number(fields.taskId), projectId: Number(match[1]) };
    return { kind, method, path, body, taskId: Number(match[1]) };
  }
  return null;
}

const isTask = (value: unknown): value is Task =>
  typeof value === 'object' &&
  value !== null &&
  'id' in value &&
  'projectId' in value &&
  'title' in value &&
  'done' in value;

/** Every cached query's data with `edit` applied to each task in it (null removes it from a list). */
export function editCachedTasks(client: QueryClient, edit: (task: Task) => Task | null): void {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      let changed = false;
      const next: unknown[] = [];
      for (const item of value) {
        const edited = isTask(item) ? edit(item) : walk(item);
        if (edited !== item) changed = true;
        if (edited !== null) next.push(edited);
      }
      return changed ? next : value;
    }
    if (isTask(value)) return edit(value) ?? value;
    if (typeof value !== 'object' || value === null) return value;
    let changed = false;
    const next: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      next[key] = walk(item);
      if (next[key] !== item) changed = true;
    }
    return changed ? next : value;
  };
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = walk(data);
    if (next !== data) client.setQueryData(query.queryKey, next);
  }
}

/** The newest cached copy of a task. */
export function cachedTask(client: QueryClient, id: number): Task | null {
  let found: Task | null = null;
  editCachedTasks(client, (task) => {
    if (task.id === id && (!found || task.updated >= found.updated)) found = task;
    return task;
  });
  return found;
}

const ZERO = '0001-01-01T00:00:00Z';

function newTask(id: number, projectId: number, body: Partial<Task>): Task {
  const now = `${new Date().toISOString().slice(0, 19)}Z`;
  return {
    description: '',
    done: false,
    doneAt: ZERO,
    dueDate: ZERO,
    startDate: ZERO,
    endDate: ZERO,
    reminders: null,
    repeatAfter: 0,
    repeatMode: 0,
    priority: 0,
    assignees: null,
    labels: null,
    hexColor: '',
    percentDone: 0,
    identifier: '',
    index: 0,
    relatedTasks: {},
    attachments: null,
    coverImageAttachmentId: 0,
    isFavorite: false,
    bucketId: 0,
    position: 0,
    reactions: null,
    comments: null,
    ...body,
    id,
    projectId,
    created: now,
    updated: now,
  } as unknown as Task;
}

/** Adds a new task to the cached lists and boards of its project. */
function addToProject(client: QueryClient, task: Task): void {
  for (const query of client.getQueryCache().findAll({ queryKey: ['tasks', 'view', task.projectId] })) {
    const data = query.state.data as Record<string, unknown> | undefined;
    if (!data) continue;
    if (Array.isArray(data.buckets)) {
      const buckets = data.buckets as { id: number; tasks: Task[]; count?: number }[];
      const wanted = task.bucketId || (data.defaultBucketId as number) || buckets[0]?.id;
      client.setQueryData(query.queryKey, {
        ...data,
        buckets: buckets.map((b) =>
          b.id === wanted
            ? { ...b, tasks: [...b.tasks, { ...task, bucketId: b.id }], count: (b.count ?? 0) + 1 }
            : b,
        ),
      });
    } else if (Array.isArray(data.pages)) {
      const pages = data.pages as { tasks: Task[] }[];
      client.setQueryData(query.queryKey, {
        ...data,
        pages: pages.map((page, i) => (i === 0 ? { ...page, tasks: [task, ...page.tasks] } : page)),
      });
    } else if (Array.isArray(data.tasks)) {
      client.setQueryData(query.queryKey, { ...data, tasks: [task, ...(data.tasks as Task[])] });
    }
  }
}

/** The label id a label write is about. */
function labelIdOf(write: OfflineWrite): number {
  if (write.kind === 'labelRemove') return Number(/\/labels\/(-?\d+)$/.exec(write.path)?.[1]);
  return Number((write.body as { labelId?: number } | null)?.labelId);
}

const nowOnTheWire = () => `${new Date().toISOString().slice(0, 19)}Z`;

/** A comment as the comments list shows it until the server has it: by the signed-in user. */
function addWaitingComment(client: QueryClient, taskId: number, text: string): Comment {
  const now = nowOnTheWire();
  const comment: Comment = {
    id: -Date.now() - Math.floor(Math.random() * 1000),
    comment: text,
    author: client.getQueryData<User>(queryKeys.currentUser) ?? null,
    reactions: null,
    created: now,
    updated: now,
  };
  const key = queryKeys.taskComments(taskId);
  if (client.getQueryData(key) !== undefined)
    client.setQueryData<Comment[]>(key, (comments) => [...(comments ?? []), comment]);
  return comment;
}

/** The comment id a comment edit or deletion is about. */
export const commentIdOf = (write: Pick<OfflineWrite, 'path'>) =>
  Number(/\/comments\/(\d+)$/.exec(write.path)?.[1]);

/** A comment's new text in the cached comments of its task; the comment as the server would answer. */
function editCachedComment(client: QueryClient, taskId: number, id: number, text: string): Comment {
  const now = nowOnTheWire();
  let edited: Comment | undefined;
  client.setQueryData<Comment[]>(queryKeys.taskComments(taskId), (comments) =>
    comments?.map((comment) => {
      if (comment.id !== id) return comment;
      edited = { ...comment, comment: text, updated: now };
      return edited;
    }),
  );
  return edited ?? { id, comment: text, author: null, reactions: null, created: now, updated: now };
}

type NestedTask = Task['relatedTasks'][string][number];

/** The relation a relation write is about: its kind and the other task. */
function relationOf(write: OfflineWrite): { kind: RelationKind; otherId: number } | null {
  const removed = /\/relations\/(\w+)\/(-?\d+)$/.exec(write.path);
  const body = (write.body ?? {}) as { relationKind?: string; otherTaskId?: number };
  const kind = removed ? removed[1] : body.relationKind;
  const otherId = removed ? Number(removed[2]) : Number(body.otherTaskId);
  return kind && isRelationKind(kind) && Number.isInteger(otherId) ? { kind, otherId } : null;
}

/**
 * A relation made or removed on both its tasks, as the server writes it: `subtask` on one is
 * `parenttask` on the other (so the list nests the subtask at once).
 */
function relateCachedTasks(client: QueryClient, write: OfflineWrite, related: boolean): void {
  const relation = relationOf(write);
  if (!relation) return;
  const { kind, otherId } = relation;
  const one = cachedTask(client, write.taskId) ?? ({ id: write.taskId } as Task);
  const other = cachedTask(client, otherId) ?? ({ id: otherId } as Task);
  const relate = (task: Task, relationKind: RelationKind, to: Task): Task => {
    const kept = (task.relatedTasks?.[relationKind] ?? []).filter((t) => t.id !== to.id);
    // A task nested in another's relations carries none of its own.
    const nested = { ...to, relatedTasks: null } as NestedTask;
    return {
      ...task,
      relatedTasks: { ...task.relatedTasks, [relationKind]: related ? [...kept, nested] : kept },
    };
  };
  editCachedTasks(client, (t) => {
    if (t.id === write.taskId) return relate(t, kind, other);
    if (t.id === otherId) return relate(t, RELATION_INVERSES[kind], one);
    return t;
  });
}

/** Writes the change into the cache and answers what the server would have answered. */
export function applyOffline(client: QueryClient, write: OfflineWrite, tempId: number): unknown {
  const body = (write.body ?? {}) as Partial<Task> & {
    bucketId?: number;
    projectViewId?: number;
    position?: number;
    comment?: string;
  };
  switch (write.kind) {
    case 'create': {
      const task = newTask(tempId, write.projectId ?? 0, body);
      addToProject(client, task);
      return task;
    }
    case 'update': {
      const base = cachedTask(client, write.taskId);
      const task = {
        ...(base ?? newTask(write.taskId, body.projectId ?? 0, {})),
        ...body,
        id: write.taskId,
      } as Task;
      editCachedTasks(client, (t) => (t.id === write.taskId ? { ...t, ...body, id: t.id } : t));
      return task;
    }
    case 'delete':
      editCachedTasks(client, (t) => (t.id === write.taskId ? null : t));
      return { message: 'Successfully deleted.' };
    case 'move': {
      const bucketId = Number(/buckets\/(\d+)\/tasks$/.exec(write.path)?.[1]);
      editCachedTasks(client, (t) => (t.id === write.taskId ? { ...t, bucketId } : t));
      return { bucketId, bucket: null, task: null };
    }
    case 'position':
      return { taskId: write.taskId, projectViewId: body.projectViewId, position: body.position };
    case 'labelCreate':
      return addWaitingLabel(
        client,
        tempId,
        body as { title?: string; description?: string; hexColor?: string },
      );
    case 'labelAdd': {
      const labelId = labelIdOf(write);
      const label: Label | null = cachedLabel(client, labelId);
      if (label)
        editCachedTasks(client, (t) =>
          t.id === write.taskId && !(t.labels ?? []).some((l) => l.id === labelId)
            ? { ...t, labels: [...(t.labels ?? []), label] }
            : t,
        );
      return { labelId, created: nowOnTheWire() };
    }
    case 'labelRemove': {
      const labelId = labelIdOf(write);
      editCachedTasks(client, (t) =>
        t.id === write.taskId && t.labels?.some((l) => l.id === labelId)
          ? { ...t, labels: t.labels.filter((l) => l.id !== labelId) }
          : t,
      );
      return { message: 'Successfully deleted.' };
    }
    case 'relationAdd':
      relateCachedTasks(client, write, true);
      return { ...(write.body as object), taskId: write.taskId, created: nowOnTheWire() };
    case 'relationRemove':
      relateCachedTasks(client, write, false);
      return { message: 'Successfully deleted.' };
    case 'comment':
      return addWaitingComment(client, write.taskId, body.comment ?? '');
    case 'commentEdit':
      return editCachedComment(client, write.taskId, commentIdOf(write), body.comment ?? '');
    case 'commentDelete': {
      const id = commentIdOf(write);
      client.setQueryData<Comment[]>(queryKeys.taskComments(write.taskId), (comments) =>
        comments?.filter((comment) => comment.id !== id),
      );
      return { message: 'Successfully deleted.' };
    }
  }
}

/** After a label made offline was sent: the server's label on every task the waiting one was on. */
export function replaceTempLabel(client: QueryClient, tempId: number, created: Label): void {
  setWaitingLabels(client, (labels) => labels.filter((label) => label.id !== tempId));
  editCachedTasks(client, (t) =>
    t.labels?.some((l) => l.id === tempId)
      ? { ...t, labels: t.labels.map((l) => (l.id === tempId ? created : l)) }
      : t,
  );
}

/** A label made offline that the server refused: taken off the tasks it was shown on. */
export function dropTempLabel(client: QueryClient, tempId: number): void {
  setWaitingLabels(client, (labels) => labels.filter((label) => label.id !== tempId));
  editCachedTasks(client, (t) =>
    t.labels?.some((l) => l.id === tempId) ? { ...t, labels: t.labels.filter((l) => l.id !== tempId) } : t,
  );
}

/** After a replayed create: the task's real id (and index) everywhere the temporary one was. */
export function replaceTempTask(client: QueryClient, tempId: number, created: Task): void {
  editCachedTasks(client, (t) => (t.id === tempId ? { ...t, ...created } : t));
}
