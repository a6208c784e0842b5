/**
 * Opening a task marks its comments read: the server forgets the user's unread mark, and every
 * cached task list and board drops the task's marker at once, without a reload. Nothing is shown
 * when it fails (offline, say): the marker stays until the task is opened again.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/query-keys';
import { markTaskRead } from '../../api/task-read';
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

export function clearUnreadMark(client: QueryClient, taskId: number): void {
  client.setQueriesData({ queryKey: queryKeys.tasks }, (data: unknown) => withoutUnreadMark(data, taskId));
}

/** Marks the task read once it is open; link shares keep no marks, tasks made offline have none. */
export function useMarkRead(taskId: number): void {
  const client = useQueryClient();
  const linkShare = useLinkShareSession() !== null;
  useEffect(() => {
    if (linkShare || taskId <= 0) return;
    clearUnreadMark(client, taskId);
    // Again once the server has it: a list read meanwhile may have brought the marker back.
    markTaskRead(taskId).then(
      () => clearUnreadMark(client, taskId),
      () => {},
    );
  }, [client, linkShare, taskId]);
}
