/**
 * The header's notifications bell (spec 2 §2 "Notifications popup"): a badge with the unread
 * count, and the popup (notifications-popup.tsx, loaded after the first screen) listing them.
 */
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnread } from '../../api/notifications';
import { lazyPage } from '../../app/lazy-page';
import { DeferredPopup } from '../../ui/deferred-popup';
import { isShown } from './notification-content';
import type { NotificationsPopupProps } from './notifications-popup';
import { useLiveNotifications, useLiveNotificationsConnected } from './use-live-notifications';
import { useNotifications } from './use-notifications';

const NotificationsPopup = lazyPage<'NotificationsPopup', NotificationsPopupProps>(
  () => import('./notifications-popup'),
  'NotificationsPopup',
);

export function NotificationsBell({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  useLiveNotifications();
  const query = useNotifications(useLiveNotificationsConnected());
  const shown = (query.data ?? []).filter(isShown);
  const unread = shown.filter(isUnread).length;
  const label = unread > 0 ? t('notifications.titleUnread', { count: unread }) : t('notifications.title');

  return (
    // The tip (ui/hover-tips.tsx) is on the indicator around the popover's target, so the target's
    // button keeps the popup roles; it is not shown while the list is open.
    <Indicator
      label={unread > 99 ? '99+' : unread}
      disabled={unread === 0}
      size={16}
      offset={6}
      color="red"
      data-testid="notifications-count"
      data-tip={opened ? undefined : label}
    >
      <DeferredPopup
        popup={NotificationsPopup}
        open={() => setOpened(true)}
        target={
          // A controlled popover leaves the toggling to its target.
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={false}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} stroke={1.6} />
          </ActionIcon>
        }
      >
        {(target) => (
          <NotificationsPopup
            target={target}
            opened={opened}
            onChange={setOpened}
            userId={userId}
            query={query}
            shown={shown}
            unread={unread}
          />
        )}
      </DeferredPopup>
    </Indicator>
  );
}
