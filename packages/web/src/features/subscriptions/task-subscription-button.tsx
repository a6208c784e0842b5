/**
 * The task header's subscribe control (spec 2 §4 Subscription): subscribes or unsubscribes; when
 * the subscription comes from the project (or one above it) it reads "Subscribed", cannot be
 * pressed, and its tooltip says where the subscription comes from. It stays focusable then, so
 * keyboard users reach the explanation too.
 */
import { Button, Tooltip } from '@mantine/core';
import { IconBellCheck, IconBellPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Subscription } from '../../api/subscriptions';
import { useProject } from '../projects/use-projects';
import { useTaskSubscription } from './use-subscription';

export function TaskSubscriptionButton({
  task,
}: {
  task: { id: number; subscription?: Subscription | null };
}) {
  const { t } = useTranslation();
  const state = useTaskSubscription(task);
  const parent = useProject(state.inherited && state.subscription ? state.subscription.entityId : Number.NaN);
  const subscribed = !!state.subscription;
  const hint = state.inherited
    ? t('subscription.inheritedFrom', { project: parent.project?.title ?? t('subscription.parentProject') })
    : subscribed
      ? t('subscription.taskSubscribedHint')
      : t('subscription.taskHint');

  return (
    <Tooltip label={hint} multiline maw={280}>
      <Button
        variant={subscribed ? 'light' : 'subtle'}
        color={subscribed ? 'blue' : 'gray'}
        size="compact-sm"
        leftSection={subscribed ? <IconBellCheck size={16} /> : <IconBellPlus size={16} />}
        onClick={state.toggle}
        data-disabled={state.inherited || undefined}
        aria-disabled={state.inherited || undefined}
        aria-description={hint}
        data-testid="task-subscription"
      >
        {subscribed
          ? state.inherited
            ? t('subscription.subscribedState')
            : t('subscription.unsubscribe')
          : t('subscription.subscribe')}
      </Button>
    </Tooltip>
  );
}
