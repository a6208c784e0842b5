/** A bucket's menu (kanban-bucket.tsx draws its button): limit, done bucket, default, collapse, delete. */
import { Menu } from '@mantine/core';
import {
  IconCircleCheck,
  IconInbox,
  IconLayoutSidebarLeftCollapse,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardBucket } from './board-state';
import type { BucketActions } from './bucket-actions';

export interface BucketMenuDropdownProps {
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
  bucket: BoardBucket;
  editable: boolean;
  isDoneBucket: boolean;
  isDefaultBucket: boolean;
  actions: BucketActions;
  onEditLimit: () => void;
}

export function BucketMenuDropdown({
  target,
  opened,
  onChange,
  bucket,
  editable,
  isDoneBucket,
  isDefaultBucket,
  actions,
  onEditLimit,
}: BucketMenuDropdownProps) {
  const { t } = useTranslation();
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {editable && (
          <>
            <Menu.Item leftSection={<IconUsersGroup size={14} />} onClick={onEditLimit}>
              {bucket.limit > 0
                ? t('projectViews.kanban.limitIs', { limit: bucket.limit })
                : t('projectViews.kanban.setLimit')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconCircleCheck size={14} />}
              onClick={() => actions.toggleDone(bucket.id, !isDoneBucket)}
            >
              {isDoneBucket ? t('projectViews.kanban.unmarkDone') : t('projectViews.kanban.markDone')}
            </Menu.Item>
            {!isDefaultBucket && (
              <Menu.Item leftSection={<IconInbox size={14} />} onClick={() => actions.makeDefault(bucket.id)}>
                {t('projectViews.kanban.setDefault')}
              </Menu.Item>
            )}
          </>
        )}
        <Menu.Item
          leftSection={<IconLayoutSidebarLeftCollapse size={14} />}
          onClick={() => actions.toggleCollapsed(bucket.id)}
        >
          {t('projectViews.kanban.collapse')}
        </Menu.Item>
        {editable && (
          <>
            <Menu.Divider />
            <Menu.Item c="red" leftSection={<IconTrash size={14} />} onClick={() => actions.remove(bucket)}>
              {t('projectViews.kanban.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
