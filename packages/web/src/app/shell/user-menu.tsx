/** The header's user menu button; the menu (user-menu-dropdown.tsx) loads after the first screen. */
import { Group, Text, UnstyledButton } from '@mantine/core';
import { AVATAR_SIZE, displayName } from '@ordo/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../api/types';
import { UserAvatar } from '../../features/users/user-avatar';
import { DeferredPopup } from '../../ui/deferred-popup';
import { lazyPage } from '../lazy-page';
import type { UserMenuDropdownProps } from './user-menu-dropdown';

const UserMenuDropdown = lazyPage<'UserMenuDropdown', UserMenuDropdownProps>(
  () => import('./user-menu-dropdown'),
  'UserMenuDropdown',
);

export function UserMenu({ user, onShowShortcuts }: { user: CurrentUser; onShowShortcuts: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const name = displayName(user);

  return (
    <DeferredPopup
      popup={UserMenuDropdown}
      open={() => setOpened(true)}
      target={
        <UnstyledButton
          aria-label={t('userMenu.open', { name })}
          aria-haspopup="menu"
          aria-expanded={false}
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
          p={4}
        >
          <Group gap={8} wrap="nowrap">
            <UserAvatar user={user} size={AVATAR_SIZE.header} data-testid="header-avatar" />
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} stroke={1.8} />
          </Group>
        </UnstyledButton>
      }
    >
      {(target) => (
        <UserMenuDropdown
          user={user}
          target={target}
          opened={opened}
          onChange={setOpened}
          onShowShortcuts={onShowShortcuts}
        />
      )}
    </DeferredPopup>
  );
}
