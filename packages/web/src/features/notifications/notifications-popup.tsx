/**
 * The notifications popup (notifications-bell.tsx draws its button and count): the list, newest
 * first, with "Mark all read" only when there are some and one is unread. Clicking one marks it
 * read and opens what it is about. Its own chunk with Mantine's Popover, loaded after the first
 * screen.
 */
import { Box, Button, Group, Popover, Stack, Text, Title } from '@mantine/core';
import { IconBellZ } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AppNotification, isUnread } from '../../api/notifications';
import { DelayedLoader } from '../../ui/delayed-loader';
import { targetOf } from './notification-content';
import { NotificationItem } from './notification-item';
import classes from './notifications.module.css';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  type useNotifications,
} from './use-notifications';

export interface NotificationsPopupProps {
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
  userId: number;
  query: ReturnType<typeof useNotifications>;
  /** The notifications the list shows, and how many of them are unread. */
  shown: AppNotification[];
  unread: number;
}

export function NotificationsPopup({
  target,
  opened,
  onChange,
  userId,
  query,
  shown,
  unread,
}: NotificationsPopupProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();

  function open(notification: AppNotification) {
    if (isUnread(notification)) markRead.mutate(notification.id);
    onChange(false);
    const target = targetOf(notification);
    if (target) navigate(target);
  }

  return (
    <Popover
      opened={opened}
      onChange={onChange}
      position="bottom-end"
      width={360}
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>{target}</Popover.Target>
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
              <NotificationItem key={n.id} notification={n} userId={userId} now={new Date()} onOpen={open} />
            ))}
          </Box>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
