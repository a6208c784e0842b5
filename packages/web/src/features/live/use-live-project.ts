/**
 * Keeps an open project, board or task current: subscribes to the project's changes over the
 * live socket (live-hub.ts) and, on a change another person made, marks what shows it stale —
 * the project's task lists and views, the task's detail, comments and reactions, the project
 * itself, its shares, the labels. Bursts (a bulk edit, a drag that rewrites positions) are
 * gathered for a moment into one refetch. The writer's own changes come back too; the tab that
 * made them (the push's `origin`) already shows them and skips its echo, while the same user's
 * other tabs and devices refetch.
 *
 * When the user can no longer read the project (share revoked, project deleted) the screen is
 * left for the project overview with a notice saying why.
 */

import { notifications } from '@mantine/notifications';
import type { LiveChangePush } from '@ordo/core';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getToken, tokenClaims } from '../../api/auth-token';
import { labelKeys } from '../../api/labels';
import { queryKeys } from '../../api/query-keys';
import { TAB_ID } from '../../api/tab-id';
import { teamKeys } from '../../api/teams';
import { onLiveChange, watchProject, watchTree } from './live-hub';

/** Changes arriving within this are refetched together. */
export const LIVE_DEBOUNCE_MS = 120;

/** The signed-in user's id, from the session token (echo and presence skip this user). */
export function currentUserId(): number | null {
  const token = getToken();
  const id = token ? tokenClaims(token)?.id : null;
  return typeof id === 'number' ? id : null;
}

/** Everything a change may show in, marked stale (only what is on screen refetches). */
function invalidate(client: QueryClient, projectId: number, changes: readonly LiveChangePush[]) {
  const names = new Set(changes.map((c) => c.event));
  const taskIds = new Set(changes.map((c) => c.data.task_id));
  const onlyTasks = changes.every((c) => c.data.task_id !== undefined);
  // Task lists of every kind, and the open detail of a changed task (not of others).
  void client.invalidateQueries({
    queryKey: queryKeys.tasks,
    predicate: ({ queryKey: [, kind, id] }) => kind !== 'detail' || !onlyTasks || taskIds.has(id as number),
  });
  if ([...names].some((n) => n.startsWith('project.') || n.startsWith('view.') || n.startsWith('bucket.'))) {
    // A project (and its views) is read from the list when it is there, else on its own.
    void client.invalidateQueries({ queryKey: queryKeys.projects, exact: true });
    void client.invalidateQueries({ queryKey: queryKeys.project(projectId) });
  }
  if (names.has('project.shares.changed'))
    void client.invalidateQueries({ queryKey: ['sharing', projectId] });
  if (names.has('label.updated') || names.has('label.deleted'))
    void client.invalidateQueries({ queryKey: labelKeys.all });
}

/** Subscribes to one project's changes while `projectId` is a real project (not a pseudo one). */
export function useLiveProject(projectId: number | null | undefined): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const pending = useRef<LiveChangePush[]>([]);
  // Read at the moment of a push: the subscription must not end and start again whenever the
  // route (and so `navigate`) or the language changes.
  const leave = useRef({ navigate, t });
  leave.current = { navigate, t };

  useEffect(() => {
    if (!projectId || projectId <= 0) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stopWatching = watchProject(projectId);
    const stopListening = onLiveChange((push) => {
      if (push.data.project_id !== projectId) return;
      if (push.event === 'project.access_revoked') {
        const { navigate, t } = leave.current;
        // The user's own deletion is told by the screen that made it ("successfully deleted").
        const ownDeletion = push.data.reason === 'deleted' && push.data.actor_id === currentUserId();
        if (!ownDeletion)
          notifications.show({
            id: `live-revoked-${projectId}`,
            color: 'orange',
            title: t('live.revokedTitle'),
            message: push.data.reason === 'deleted' ? t('live.projectDeleted') : t('live.accessRevoked'),
            autoClose: 10_000,
          });
        client.removeQueries({ queryKey: queryKeys.project(projectId) });
        void client.invalidateQueries({ queryKey: queryKeys.projects });
        navigate('/projects', { replace: true });
        return;
      }
      if (push.data.origin === TAB_ID) return;
      pending.current.push(push);
      timer ??= setTimeout(() => {
        timer = null;
        invalidate(client, projectId, pending.current.splice(0));
      }, LIVE_DEBOUNCE_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      // What arrived just before the screen closed still marks its queries stale.
      if (pending.current.length > 0) invalidate(client, projectId, pending.current.splice(0));
      stopListening();
      stopWatching();
    };
  }, [client, projectId]);
}

/**
 * Keeps the project tree (sidebar, overview), the labels and the teams current while the app is
 * open: the tree topic also carries changes of labels used in the user's projects and of the teams
 * the user is in.
 */
export function useLiveProjectTree(): void {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stale = new Set<'projects' | 'labels' | 'teams'>();
    const stopWatching = watchTree();
    const stopListening = onLiveChange((push) => {
      const ownEcho = push.event !== 'project.access_revoked' && push.data.origin === TAB_ID;
      if (ownEcho) return;
      if (push.event.startsWith('project.')) stale.add('projects');
      else if (push.event.startsWith('label.')) stale.add('labels');
      else if (push.event === 'team.updated') stale.add('teams');
      else return;
      timer ??= setTimeout(() => {
        timer = null;
        if (stale.has('projects'))
          void client.invalidateQueries({ queryKey: queryKeys.projects, exact: true });
        if (stale.has('labels')) void client.invalidateQueries({ queryKey: labelKeys.all });
        if (stale.has('teams')) void client.invalidateQueries({ queryKey: teamKeys.all });
        stale.clear();
      }, LIVE_DEBOUNCE_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      stopListening();
      stopWatching();
    };
  }, [client]);
}
