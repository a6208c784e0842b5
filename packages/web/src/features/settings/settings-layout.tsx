/** Settings pages with their own navigation (spec 1 §2 user.settings). */
import { Box, Group, NavLink, Stack, Title } from '@mantine/core';
import {
  IconAdjustments,
  IconApi,
  IconCalendarShare,
  IconDevices,
  IconFileImport,
  IconFileZip,
  IconLock,
  IconMail,
  IconShieldLock,
  IconUserCircle,
  IconUserX,
  IconWebhook,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useServerInfo } from '../../app/server-info';
import { useSignedInUser } from '../auth/use-current-user';

export function SettingsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSignedInUser();
  const info = useServerInfo();
  const pages = [
    { path: '/user/settings/general', label: t('settings.general.title'), icon: IconAdjustments },
    ...(user.isLocalUser
      ? [
          { path: '/user/settings/password-update', label: t('settings.password.title'), icon: IconLock },
          { path: '/user/settings/email-update', label: t('settings.email.title'), icon: IconMail },
        ]
      : []),
    ...(user.isLocalUser && info?.totpEnabled
      ? [{ path: '/user/settings/totp', label: t('settings.twoFactor.title'), icon: IconShieldLock }]
      : []),
    { path: '/user/settings/sessions', label: t('settings.sessions.title'), icon: IconDevices },
    { path: '/user/settings/avatar', label: t('settings.avatar.title'), icon: IconUserCircle },
    ...(info?.caldavEnabled
      ? [{ path: '/user/settings/caldav', label: t('settings.caldav.title'), icon: IconCalendarShare }]
      : []),
    { path: '/user/settings/api-tokens', label: t('settings.apiTokens.title'), icon: IconApi },
    ...(info?.webhooksEnabled
      ? [{ path: '/user/settings/webhooks', label: t('webhooks.userTitle'), icon: IconWebhook }]
      : []),
    ...(info?.userDeletionEnabled
      ? [{ path: '/user/settings/deletion', label: t('settings.deletion.title'), icon: IconUserX }]
      : []),
    { path: '/user/settings/data-export', label: t('settings.dataExport.title'), icon: IconFileZip },
    ...(info?.availableMigrators?.length
      ? [{ path: '/user/settings/migrate', label: t('migration.title'), icon: IconFileImport }]
      : []),
  ];
  return (
    <Stack gap="lg">
      <Title order={1} fz={28}>
        {t('settings.title')}
      </Title>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <Box component="nav" aria-label={t('settings.navigation')} w={{ base: '100%', sm: 200 }}>
          <Stack gap={2}>
            {pages.map((page) => (
              <NavLink
                key={page.path}
                component={Link}
                to={page.path}
                label={page.label}
                leftSection={<page.icon size={18} stroke={1.6} />}
                active={pathname === page.path}
                aria-current={pathname === page.path ? 'page' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            ))}
          </Stack>
        </Box>
        <Box style={{ flex: 1, minWidth: 0 }} maw={640}>
          <Outlet />
        </Box>
      </Group>
    </Stack>
  );
}
