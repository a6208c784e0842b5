/**
 * Subscribing and unsubscribing (spec 2 §4 Subscription): the control shows the new state at
 * once, says "subscribed"/"unsubscribed" when the server agrees, and rolls back with the error
 * notice when it refuses. A subscription inherited from a parent project cannot be changed here.
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../api/projects';
import { queryKeys } from '../../api/query-keys';
import { type Subscription, type SubscriptionEntity, subscribe, unsubscribe } from '../../api/subscriptions';
import type { TaskDetail } from '../../api/tasks';
import { taskKeys } from '../../api/tasks';
import { showError, showSuccess } from '../../ui/notices';

/** A cached query that shows the entity's subscription, and how to set it there. */
interface CachedCopy {
  key: QueryKey;
  set: (data: never, subscription: Subscription | null) => unknown;
}

export interface SubscriptionState {
  subscription: Subscription | null;
  /** Subscribed through a parent project (or the task's project): not changeable here. */
  inherited: boolean;
  pending: boolean;
  toggle: () => void;
}

export function isInherited(
  subscription: Subscription | null | undefined,
  entity: SubscriptionEntity,
  entityId: number,
): boolean {
  return !!subscription && (subscription.entity !== entity || subscription.entityId !== entityId);
}

function useSubscriptionToggle(
  entity: SubscriptionEntity,
  entityId: number,
  subscription: Subscription | null,
  copies: CachedCopy[],
): SubscriptionState {
  const { t } = useTranslation();
  const client = useQueryClient();
  const inherited = isInherited(subscription, entity, entityId);

  const write = (value: Subscription | null) => {
    for (const copy of copies) {
      client.setQueryData(copy.key, (data: unknown) =>
        data === undefined ? data : copy.set(data as never, value),
      );
    }
  };

  const mutation = useMutation({
    mutationFn: async (subscribing: boolean) => {
      if (subscribing) return subscribe(entity, entityId);
      await unsubscribe(entity, entityId);
      return null;
    },
    onMutate: async (subscribing) => {
      await Promise.all(copies.map((copy) => client.cancelQueries({ queryKey: copy.key, exact: true })));
      const previous = copies.map((copy) => [copy.key, client.getQueryData(copy.key)] as const);
      write(subscribing ? { id: 0, entity, entityId, created: new Date().toISOString() } : null);
      return { previous };
    },
    onError: (error, _subscribing, context) => {
      for (const [key, data] of context?.previous ?? []) client.setQueryData(key, data);
      showError(t, error);
    },
    onSuccess: (saved) => {
      write(saved);
      showSuccess(t, t(`subscription.notice.${saved ? 'subscribed' : 'unsubscribed'}.${entity}`));
      // A project's subscription covers its children and their tasks: they read it again.
      if (entity === 'project') {
        void client.invalidateQueries({ queryKey: queryKeys.projects });
        void client.invalidateQueries({ queryKey: ['tasks', 'detail'] });
      }
    },
  });

  return {
    subscription,
    inherited,
    pending: mutation.isPending,
    toggle: () => {
      if (inherited || mutation.isPending) return;
      mutation.mutate(!subscription);
    },
  };
}

export function useTaskSubscription(task: { id: number; subscription?: Subscription | null }) {
  return useSubscriptionToggle('task', task.id, task.subscription ?? null, [
    {
      key: taskKeys.detail(task.id),
      set: (data: TaskDetail, subscription) => ({ ...data, task: { ...data.task, subscription } }),
    },
  ]);
}

export function useProjectSubscription(project: Project) {
  return useSubscriptionToggle('project', project.id, project.subscription ?? null, [
    {
      key: queryKeys.projects,
      set: (list: Project[], subscription) =>
        list.map((p) => (p.id === project.id ? { ...p, subscription } : p)),
    },
    { key: queryKeys.project(project.id), set: (data: Project, subscription) => ({ ...data, subscription }) },
  ]);
}
