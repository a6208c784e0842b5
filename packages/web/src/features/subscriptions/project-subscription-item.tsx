/**
 * Subscribe or unsubscribe in the project settings dropdown (spec 2 §2, §4 Subscription). A
 * subscription inherited from a parent project shows as a disabled item whose tooltip says so.
 */
import { Menu, Tooltip } from '@mantine/core';
import { IconBellCheck, IconBellMinus, IconBellPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../api/projects';
import { useProject } from '../projects/use-projects';
import { useProjectSubscription } from './use-subscription';

export function ProjectSubscriptionItem({ project }: { project: Project }) {
  const { t } = useTranslation();
  const state = useProjectSubscription(project);
  const parent = useProject(state.inherited && state.subscription ? state.subscription.entityId : Number.NaN);
  if (state.inherited) {
    return (
      <Tooltip
        label={t('subscription.inheritedFrom', {
          project: parent.project?.title ?? t('subscription.parentProject'),
        })}
        position="left"
        multiline
        maw={260}
        withinPortal
      >
        <div>
          <Menu.Item disabled leftSection={<IconBellCheck size={16} />}>
            {t('subscription.subscribedState')}
          </Menu.Item>
        </div>
      </Tooltip>
    );
  }
  return (
    <Menu.Item
      onClick={state.toggle}
      disabled={state.pending}
      leftSection={state.subscription ? <IconBellMinus size={16} /> : <IconBellPlus size={16} />}
    >
      {state.subscription ? t('subscription.unsubscribe') : t('subscription.subscribe')}
    </Menu.Item>
  );
}
