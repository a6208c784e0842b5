/**
 * One user or team a project is shared with: who, and their right. Project admins change the
 * right in place and remove the share; everyone else sees the right as text.
 */
import { ActionIcon, Avatar, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Right } from '@ordo/core';
import { IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type AvatarUser, UserAvatar } from '../users/user-avatar';
import { RightSelect, rightLabel } from './right-select';
import classes from './sharing.module.css';

export function ShareRow({
  kind,
  name,
  avatarUser,
  detail,
  right,
  editable,
  busy,
  onChangeRight,
  onRemove,
}: {
  kind: 'user' | 'team';
  name: string;
  /** Whose avatar a user row shows. */
  avatarUser?: AvatarUser;
  detail?: string;
  right: Right;
  editable: boolean;
  busy: boolean;
  onChangeRight: (right: Right) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li className={classes.row} data-testid={`shared-${kind}`}>
      <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 180px', minWidth: 0 }}>
        {kind === 'user' ? (
          <UserAvatar user={avatarUser ?? { username: name }} size={32} />
        ) : (
          <Avatar radius="xl" size={32} color="gray">
            <IconUsersGroup size={18} />
          </Avatar>
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={500} truncate="end">
            {name}
          </Text>
          {detail && (
            <Text size="sm" c="dimmed" truncate="end">
              {detail}
            </Text>
          )}
        </Stack>
      </Group>
      {editable ? (
        <Group gap="xs" wrap="nowrap">
          <RightSelect
            value={right}
            onChange={onChangeRight}
            label={t('sharing.rightOf', { name })}
            withLabel={false}
            disabled={busy}
          />
          <Tooltip label={t('sharing.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              onClick={onRemove}
              aria-label={`${t('sharing.remove')}: ${name}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : (
        <Badge variant="light" color="gray">
          {rightLabel(right, t)}
        </Badge>
      )}
    </li>
  );
}
