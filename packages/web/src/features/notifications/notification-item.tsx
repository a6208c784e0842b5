/** One row of the notifications popup: the doer's avatar, a sentence, and how long ago. */
import { Box, Group, Stack, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AppNotification, isUnread } from '../../api/notifications';
import { formatDateTime, relativeTime } from '../project-views/task-display';
import { UserAvatar } from '../users/user-avatar';
import { sentenceOf } from './notification-content';
import classes from './notifications.module.css';

export function NotificationItem({
  notification,
  userId,
  now,
  onOpen,
}: {
  notification: AppNotification;
  userId: number;
  now: Date;
  onOpen: (notification: AppNotification) => void;
}) {
  const { t, i18n } = useTranslation();
  const sentence = sentenceOf(notification, userId);
  const unread = isUnread(notification);
  const created = new Date(notification.created);
  const doer = notification.notification.doer;
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
      onClick={() => onOpen(notification)}
      data-testid="notification"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Box className={classes.dot} aria-hidden="true" />
        {doer ? <UserAvatar user={doer} size={16} mt={3} /> : <Box w={16} />}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={unread ? 600 : 400} className={classes.sentence}>
            {t(`notifications.sentence.${sentence.key}`, sentence.params)}
            {unread && <VisuallyHidden>{` (${t('notifications.unread')})`}</VisuallyHidden>}
          </Text>
          <Tooltip label={formatDateTime(created, i18n.language)}>
            <Text size="xs" c="dimmed" component="time" dateTime={notification.created}>
              {relativeTime(created, now, i18n.language)}
            </Text>
          </Tooltip>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
