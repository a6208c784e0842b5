/**
 * The header's user menu itself (user-menu.tsx draws its button): settings, legal pages, keyboard
 * shortcuts, about, logout. Its own chunk with Mantine's Menu, loaded after the first screen.
 */
import { Menu } from '@mantine/core';
import {
  IconExternalLink,
  IconInfoCircle,
  IconKeyboard,
  IconLogout,
  IconSettings,
} from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '../../api/types';
import { endSession } from '../../features/auth/session-actions';
import { clearLastVisited } from '../navigation/last-visited';
import { useServerInfo } from '../server-info';
import { legalLinks } from './legal-links';

export interface UserMenuDropdownProps {
  user: CurrentUser;
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
  onShowShortcuts: () => void;
}

export function UserMenuDropdown({ user, target, opened, onChange, onShowShortcuts }: UserMenuDropdownProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const legal = useServerInfo()?.legal;

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
    <Menu opened={opened} onChange={onChange} position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('userMenu.signedInAs', { name: user.username })}</Menu.Label>
        <Menu.Item component={Link} to="/user/settings" leftSection={<IconSettings size={16} />}>
          {t('userMenu.settings')}
        </Menu.Item>
        {legalLinks(legal).map((link) => (
          <Menu.Item
            key={link.label}
            component="a"
            href={link.href}
            target="_blank"
            rel="noreferrer"
            leftSection={<IconExternalLink size={16} />}
          >
            {t(link.label)}
          </Menu.Item>
        ))}
        <Menu.Item leftSection={<IconKeyboard size={16} />} onClick={onShowShortcuts}>
          {t('userMenu.shortcuts')}
        </Menu.Item>
        <Menu.Item component={Link} to="/about" leftSection={<IconInfoCircle size={16} />}>
          {t('userMenu.about')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item c="red" leftSection={<IconLogout size={16} />} onClick={logOut}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
