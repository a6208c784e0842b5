/**
 * Opening a task marks its comments read: the server forgets the user's unread mark, and every
 * cached task list and board drops the task's marker at once, without a reload. Comments that
 * arrive while the task is open are read as well. Nothing is shown when it fails (offline, say):
 * the marker comes back with the next reload of the list.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/query-keys';
import { markTaskRead } from '../../api/task-read';
import { taskKeys } from '../../api/tasks';
import { useLinkShareSession } from '../link-share/link-share-session';

/** `value` with the task's `isUnread` turned off wherever it sits (list pages, board buckets). */
export function withoutUnreadMark(value: unknown, taskId: number): unknown {
  if (Array.isArray(value)) {
    const next = value.map((item) => withoutUnreadMark(item, taskId));
    return next.some((item, i) => item !== value[i]) ? next : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  if (record.id === taskId && record.isUnread === true) return { ...record, isUnread: false };
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    next[key] = withoutUnreadMark(item, taskId);
    if (next[key] !== item) changed = true;
  }
  return changed ? next : value;
}

/** Writes only the queries that change: every write tells the cache's listeners. */
export function clearUnreadMark(client: QueryClient, taskId: number): void {
  for (const query of client.getQueryCache().findAll({ queryKey: queryKeys.tasks })) {
    const data = query.state.data;
    const cleared = withoutUnreadMark(data, taskId);
    if (cleared !== data) client.setQueryData(query.queryKey, cleared);
  }
}

/** Marks the task read once it is open; link shares keep no marks, tasks made offline have none. */
export function useMarkRead(taskId: number): void {
  const client = useQueryClient();
  const linkShare = useLinkShareSession() !== null;
  useEffect(() => {
    if (linkShare || taskId <= 0) return;
    const markRead = () => {
      clearUnreadMark(client, taskId);
      // Again once the server has it: a list read meanwhile may have brought the marker back.
      markTaskRead(taskId).then(
        () => clearUnreadMark(client, taskId),
        () => {},
      );
    };
    markRead();
    // The comments read again (someone commented, live): the user has them in front of them.
    const comments = JSON.stringify(taskKeys.comments(taskId));
    const stopWatching = client.getQueryCache().subscribe((event) => {
      const refetched = event.type === 'updated' && event.action.type === 'success' && !event.action.manual;
      if (
        refetched &&
        JSON.stringify(event.query.queryKey) === comments &&
        event.query.state.dataUpdateCount > 1
      )
        markRead();
    });
    return () => {
      stopWatching();
      // Closed: whatever a list read while it was open says, the user has seen the comments.
      clearUnreadMark(client, taskId);
    };
  }, [client, linkShare, taskId]);
}
