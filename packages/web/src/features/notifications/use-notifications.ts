/**
 * The signed-in user's notifications (spec 2 §7, §8): polled every 10 s while the tab is visible,
 * every 60 s while the live socket pushes new ones (use-live-notifications.ts), and read again
 * the moment the tab becomes visible; hidden tabs ask nothing. Marking read shows at
 * once and rolls back with an error notice when the server refuses.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type AppNotification,
  fetchNotifications,
  markAllNotificationsRead,
  markNotification,
} from '../../api/notifications';
import { showError, showSuccess } from '../../ui/notices';

export const NOTIFICATION_POLL_MS = 10_000;
/** The fallback poll while pushes arrive over the live socket. */
export const NOTIFICATION_LIVE_POLL_MS = 60_000;
export const notificationKeys = { all: ['notifications'] as const };

export function useNotifications(live = false) {
  const interval = live ? NOTIFICATION_LIVE_POLL_MS : NOTIFICATION_POLL_MS;
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: fetchNotifications,
    refetchInterval: interval,
    // TanStack Query pauses the interval while the document is hidden and, with 'always',
    // asks again as soon as it becomes visible.
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    staleTime: interval,
  });
}

function useOptimisticNotifications() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return {
    client,
    t,
    async apply(change: (list: AppNotification[]) => AppNotification[]) {
      await client.cancelQueries({ queryKey: notificationKeys.all });
      const previous = client.getQueryData<AppNotification[]>(notificationKeys.all);
      client.setQueryData<AppNotification[]>(notificationKeys.all, (list) => (list ? change(list) : list));
      return { previous };
    },
    rollBack(error: unknown, context: { previous?: AppNotification[] } | undefined) {
      if (context?.previous) client.setQueryData(notificationKeys.all, context.previous);
      showError(t, error);
    },
  };
}

const readNow = () => new Date().toISOString();

export function useMarkNotificationRead() {
  const o = useOptimisticNotifications();
  return useMutation({
    mutationFn: (id: number) => markNotification(id, true),
    onMutate: (id) => o.apply((list) => list.map((n) => (n.id === id ? { ...n, readAt: readNow() } : n))),
    onError: (error, _id, context) => o.rollBack(error, context),
  });
}

export function useMarkAllNotificationsRead() {
  const o = useOptimisticNotifications();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => o.apply((list) => list.map((n) => ({ ...n, readAt: readNow() }))),
    onError: (error, _vars, context) => o.rollBack(error, context),
    onSuccess: () => showSuccess(o.t, o.t('notifications.allMarkedRead')),
  });
}
