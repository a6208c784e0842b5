/** The header's user dropdown: settings, legal pages, keyboard shortcuts, about, logout. */
import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { AVATAR_SIZE, displayName } from '@ordo/core';
import {
  IconChevronDown,
  IconExternalLink,
  IconInfoCircle,
  IconKeyboard,
  IconLogout,
  IconSettings,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '../../api/types';
import { endSession } from '../../features/auth/session-actions';
import { UserAvatar } from '../../features/users/user-avatar';
import { clearLastVisited } from '../navigation/last-visited';
import { useServerInfo } from '../server-info';

export function UserMenu({ user, onShowShortcuts }: { user: CurrentUser; onShowShortcuts: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const legal = useServerInfo()?.legal;
  const name = displayName(user);

  async function logOut() {
    const providerLogout = await endSession();
    if (providerLogout) {
      window.location.href = providerLogout;
      return;
    }
    navigate('/login', { replace: true });
    // Logging out is not "being sent to login": there is nothing to come back to.
    clearLastVisited();
  }

  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('userMenu.open', { name })}
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('userMenu.signedInAs', { name: user.username })}</Menu.Label>
        <Menu.Item component={Link} to="/user/settings" leftSection={<IconSettings size={16} />}>
          {t('userMenu.settings')}
        </Menu.Item>
        {legal?.imprintUrl && (
          <Menu.Item
            component="a"
            href={legal.imprintUrl}
            target="_blank"
            rel="noreferrer"
            leftSection={<IconExternalLink size={16} />}
          >
            {t('legal.imprint')}
          </Menu.Item>
        )}
        {legal?.privacyPolicyUrl && (
          <Menu.Item
            component="a"
            href={legal.privacyPolicyUrl}
            target="_blank"
            rel="noreferrer"
            leftSection={<IconExternalLink size={16} />}
          >
            {t('legal.privacyPolicy')}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconKeyboard size={16} />} onClick={onShowShortcuts}>
          {t('userMenu.shortcuts')}
        </Menu.Item>
        <Menu.Item component={Link} to="/about" leftSection={<IconInfoCircle size={16} />}>
          {t('userMenu.about')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logOut}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
