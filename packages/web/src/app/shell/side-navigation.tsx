/** The signed-in side navigation: main entries with their shortcuts, feature sections, legal links. */
import { Anchor, Box, Divider, Group, Kbd, NavLink, Stack } from '@mantine/core';
import { ORDO_VERSION } from '@ordo/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useServerInfo } from '../server-info';
import { shortcutLabel } from '../shortcuts/shortcut-keys';
import { isApple, useShortcut } from '../shortcuts/shortcuts';
import { LegalLinks } from './legal-links';
import { type NavigationItem, navigationItems } from './navigation-items';
import { navigationSections } from './navigation-sections';

function ShortcutHint({ shortcut }: { shortcut: string }) {
  return (
    <Group gap={2} wrap="nowrap" aria-hidden="true">
      {shortcutLabel(shortcut, isApple).map((step) => (
        <Kbd key={step} size="xs">
          {step}
        </Kbd>
      ))}
    </Group>
  );
}

function NavigationEntry({ item }: { item: NavigationItem }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  useShortcut(item.shortcut, () => navigate(item.path));
  const active = item.exact ? location.pathname === item.path : location.pathname.startsWith(item.path);
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.path}
      label={t(item.label)}
      leftSection={<Icon size={18} stroke={1.6} />}
      rightSection={
        <Box visibleFrom="sm">
          <ShortcutHint shortcut={item.shortcut} />
        </Box>
      }
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="light"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
}

export function SideNavigation() {
  const { t } = useTranslation();
  const legal = useServerInfo()?.legal;
  return (
    <Stack h="100%" gap={0}>
      {/* The browser's own scrolling: Mantine's ScrollArea would bring floating-ui (its ref
          merging) into every signed-in first screen's download. */}
      <Box
        px="sm"
        py="md"
        style={{
          flex: 1,
          minHeight: 0,
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          scrollbarWidth: 'thin',
        }}
      >
        <nav aria-label={t('navigation.label')}>
          <Stack gap={2}>
            {navigationItems.map((item) => (
              <NavigationEntry key={item.path} item={item} />
            ))}
          </Stack>
          {navigationSections.map(({ key, component: Section }) => (
            <Box key={key} mt="md">
              <Suspense fallback={null}>
                <Section />
              </Suspense>
            </Box>
          ))}
        </nav>
      </Box>
      <Divider />
      <Stack gap={4} p="md">
        <LegalLinks legal={legal} size="xs" />
        <Anchor
          href="/about"
          target="_blank"
          rel="noopener"
          size="xs"
          c="dimmed"
          w="fit-content"
          data-tip={t('navigation.poweredByHint')}
        >
          {t('navigation.poweredBy', { version: ORDO_VERSION })}
        </Anchor>
      </Stack>
    </Stack>
  );
}
