/**
 * The header's notifications bell (spec 2 §2 "Notifications popup"): a badge with the unread
 * count; the popup lists the notifications, newest first, with "Mark all read" only when there are
 * some and one is unread. Clicking one marks it read and opens what it is about.
 */
import { ActionIcon, Box, Button, Group, Indicator, Popover, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconBellZ } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AppNotification, isUnread } from '../../api/notifications';
import { DelayedLoader } from '../../ui/delayed-loader';
import { isShown, targetOf } from './notification-content';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';
import { useLiveNotifications, useLiveNotificationsConnected } from './use-live-notifications';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './use-notifications';

export function NotificationsBell({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  useLiveNotifications();
  const query = useNotifications(useLiveNotificationsConnected());
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const shown = (query.data ?? []).filter(isShown);
  const unread = shown.filter(isUnread).length;
  const label = unread > 0 ? t('notifications.titleUnread', { count: unread }) : t('notifications.title');

  function open(notification: AppNotification) {
    if (isUnread(notification)) markRead.mutate(notification.id);
    setOpened(false);
    const target = targetOf(notification);
    if (target) navigate(target);
  }

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
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        trapFocus
        returnFocus
      >
        <Popover.Target>
          {/* A controlled popover leaves the toggling to its target. */}
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} stroke={1.6} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs" aria-label={t('notifications.title')} role="dialog">
          <Group justify="space-between" px="sm" pb="xs" wrap="nowrap">
            <Title order={2} size="h5">
              {t('notifications.title')}
            </Title>
            {shown.length > 0 && unread > 0 && (
              <Button size="compact-sm" variant="subtle" onClick={() => markAll.mutate()}>
                {t('notifications.markAllRead')}
              </Button>
            )}
          </Group>
          {query.isLoading ? (
            <DelayedLoader label={t('notifications.loading')} minHeight={80} />
          ) : query.isError && shown.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm" py="md">
              {t('common.loadingFailed')}
            </Text>
          ) : shown.length === 0 ? (
            <Stack align="center" gap={6} py="lg" px="md" data-testid="notifications-empty">
              <IconBellZ size={32} stroke={1.4} color="var(--mantine-color-dimmed)" aria-hidden="true" />
              <Text size="sm" fw={500}>
                {t('notifications.empty')}
              </Text>
              <Text size="xs" c="dimmed" ta="center">
                {t('notifications.emptyHint')}
              </Text>
            </Stack>
          ) : (
            <Box className={classes.list}>
              {shown.map((n) => (
                <NotificationItem
                  key={n.id}
                  notification={n}
                  userId={userId}
                  now={new Date()}
                  onOpen={open}
                />
              ))}
            </Box>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
