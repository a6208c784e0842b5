/** Small parts of a task shared by the list and table views: labels, priority, due date, assignees. */
import { Avatar, Badge, Group, Text } from '@mantine/core';
import { colorWithHash, displayName, labelTextColor } from '@ordo/core';
import { IconAlertTriangle, IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Label } from '../../api/labels';
import type { Task } from '../../api/tasks';
import type { User } from '../../api/types';
import { UserAvatar } from '../users/user-avatar';
import { formatDateTime, isOverdue, PRIORITY, PRIORITY_KEYS, relativeTime, wireDate } from './task-display';

export function LabelBadges({ labels }: { labels: Label[] | null }) {
  if (!labels?.length) return null;
  return (
    <Group gap={4} wrap="wrap">
      {labels.map((label) => {
        const background = label.hexColor ? colorWithHash(label.hexColor) : undefined;
        return (
          <Badge
            key={label.id}
            size="sm"
            radius="sm"
            variant={background ? 'filled' : 'default'}
            style={background ? { background, color: labelTextColor(label.hexColor) } : undefined}
            tt="none"
            fw={500}
          >
            {label.title}
          </Badge>
        );
      })}
    </Group>
  );
}

const PRIORITY_COLORS = ['gray', 'gray', 'blue', 'orange', 'red', 'red'];

export function PriorityBadge({ priority }: { priority: number }) {
  const { t } = useTranslation();
  const label = t(`projectViews.priority.${PRIORITY_KEYS[priority] ?? 'unset'}`);
  return (
    <Badge
      size="sm"
      variant={priority >= PRIORITY.urgent ? 'filled' : 'light'}
      color={PRIORITY_COLORS[priority] ?? 'gray'}
      leftSection={priority >= PRIORITY.high ? <IconAlertTriangle size={11} /> : undefined}
      tt="none"
    >
      {label}
    </Badge>
  );
}

export function DueDate({ task, now }: { task: Task; now: Date }) {
  const { t, i18n } = useTranslation();
  const due = wireDate(task.dueDate);
  if (!due) return null;
  const overdue = isOverdue(task, now);
  const full = formatDateTime(due, i18n.language);
  // The full date shows on hover (ui/hover-tips.tsx: one tooltip for every row).
  return (
    <Group
      gap={4}
      wrap="nowrap"
      c={overdue ? 'red' : 'dimmed'}
      data-overdue={overdue || undefined}
      data-tip={t('projectViews.dueAt', { date: full })}
    >
      <IconCalendar size={14} aria-hidden="true" />
      <Text size="xs" fw={overdue ? 600 : 400} c="inherit" style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={due.toISOString()}>{relativeTime(due, now, i18n.language)}</time>
      </Text>
    </Group>
  );
}

export function Assignees({ users }: { users: User[] | null }) {
  if (!users?.length) return null;
  return (
    <Avatar.Group spacing={6}>
      {users.slice(0, 3).map((user) => (
        <UserAvatar key={user.id} user={user} size={22} data-tip={displayName(user)} />
      ))}
      {users.length > 3 && (
        <Avatar size={22} radius="xl">
          +{users.length - 3}
        </Avatar>
      )}
    </Avatar.Group>
  );
}
