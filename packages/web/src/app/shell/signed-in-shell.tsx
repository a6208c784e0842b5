/**
 * The signed-in shell (spec 1 §2 "Shells"): header with menu toggle (Mod+E), logo and user menu;
 * side navigation (an overlay with a close button on narrow screens); banners; the page.
 */
import { ActionIcon, AppShell, Box, Burger, CloseButton, Group, Overlay } from '@mantine/core';
import { DatesProvider, type DayOfWeek } from '@mantine/dates';
import { IconKeyboard } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MailedLinks } from '../../features/account/mailed-links';
import { SessionKeeper } from '../../features/auth/session-keeper';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { LiveStatus } from '../../features/live/live-status';
import { NotificationsBell } from '../../features/notifications/notifications-bell';
import { usePaletteShortcut } from '../../features/palette/palette-shortcut';
import { closePalette, usePaletteOpen } from '../../features/palette/palette-state';
import { QuickSearchButton } from '../../features/palette/quick-search-button';
import { isFullWidthView } from '../../features/project-views/full-width-views';
import {
  backdropSurfaceClass,
  ProjectBackdrop,
  useBackdropProject,
} from '../../features/projects/background/project-backdrop';
import { useProject } from '../../features/projects/use-projects';
import { applyLanguage } from '../../i18n/i18n';
import { DelayedLoader } from '../../ui/delayed-loader';
import { useIdleAfterStart } from '../../ui/idle-after-start';
import { isJune, Logo } from '../../ui/logo';
import { BackdropOutlet } from '../backdrop-outlet';
import { backdropOf } from '../backdrop-state';
import { lazyPage } from '../lazy-page';
import { NotSavedOfflineDialog, type UnavailableProps, useRetryOnline } from '../offline/not-saved-offline';
import { useSaveScreensWhenIdle } from '../offline/save-screens-when-idle';
import { useServerInfo } from '../server-info';
import { GoToShortcuts } from '../shortcuts/go-to-shortcuts';
import { HELP_SHORTCUT, MENU_SHORTCUT } from '../shortcuts/shortcut-catalogue';
import { shortcutLabel } from '../shortcuts/shortcut-keys';
import { isApple, useShortcut } from '../shortcuts/shortcuts';
import { DemoBanner } from './banners';
import { useColorSchemeSetting } from './color-scheme';
import { useMenuState } from './menu-state';
import { SideNavigation } from './side-navigation';
import { UserMenu } from './user-menu';

// Neither is needed to draw the first screen. The palette (with the quick-add parser, filters and
// floating-ui: some 80 KB gzip) loads once the browser is idle after it, or at once when opened;
// keys typed before it is there are kept for it (palette-shortcut.ts). Offline before their code
// came, each says so when it is opened, as a dialog; the palette shows nothing until then.
const QuickActionsPalette = lazyPage(
  () => import('../../features/palette/quick-actions-palette'),
  'QuickActionsPalette',
  PaletteNotSavedOffline,
);
const ShortcutsHelpModal = lazyPage<'ShortcutsHelpModal', { opened: boolean; onClose: () => void }>(
  () => import('../shortcuts/shortcuts-help-modal'),
  'ShortcutsHelpModal',
  NotSavedOfflineDialog,
);

function PaletteNotSavedOffline({ retry }: UnavailableProps) {
  const opened = usePaletteOpen();
  useRetryOnline(retry);
  return opened ? <NotSavedOfflineDialog retry={retry} onClose={closePalette} /> : null;
}

/** The palette once wanted; its own component, so that only it draws again when that changes. */
function PaletteWhenWanted() {
  const opened = usePaletteOpen();
  const idleAfterStart = useIdleAfterStart();
  return opened || idleAfterStart ? <QuickActionsPalette /> : null;
}

/** Kanban boards and gantt charts get the whole width (also under a task opened from them). */
function useFullWidthPage(): boolean {
  const location = useLocation();
  const pathname = (backdropOf(location) ?? location).pathname;
  const projectId = /^\/projects\/(-?\d+)/.exec(pathname)?.[1];
  const { project } = useProject(projectId === undefined ? Number.NaN : Number(projectId));
  const defaultView = useCurrentUser().data?.settings.frontendSettings.defaultView;
  return isFullWidthView(pathname, project?.views, localStorage, defaultView);
}

export function SignedInShell() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const info = useServerInfo();
  const menu = useMenuState();
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  useShortcut(MENU_SHORTCUT, menu.toggle);
  useShortcut(HELP_SHORTCUT, () => setShortcutsOpen(true));
  usePaletteShortcut();
  useColorSchemeSetting(user.data?.settings.frontendSettings.colorSchema ?? 'auto');

  const language = user.data?.settings.language;
  useEffect(() => {
    if (user.data) applyLanguage(language);
  }, [user.data, language]);
  useSaveScreensWhenIdle(user.data !== undefined);

  const allowIconChanges =
    (info?.allowIconChanges ?? true) && (user.data?.settings.frontendSettings.allowIconChanges ?? true);
  const menuLabel = menu.open ? t('shell.closeMenu') : t('shell.openMenu');
  const fullWidth = useFullWidthPage();
  const backdropProject = useBackdropProject();

  // Every date and range picker (upcoming, gantt, task dates, token expiry) starts its weeks on
  // the user's week start.
  const firstDayOfWeek = (user.data?.settings.weekStart ?? 1) as DayOfWeek;

  return (
    <DatesProvider settings={{ firstDayOfWeek }}>
      <AppShell
        header={{ height: 56 }}
        navbar={{
          width: 260,
          breakpoint: 'sm',
          collapsed: { mobile: !menu.mobileOpen, desktop: !menu.desktopOpen },
        }}
        padding={0}
      >
        <SessionKeeper />
        <MailedLinks />
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {/* The header's tips are shown by HoverTips (ui/hover-tips.tsx), as the rows' are. */}
              <Burger
                opened={menu.open}
                onClick={menu.toggle}
                size="sm"
                aria-label={menuLabel}
                aria-expanded={menu.open}
                data-tip={`${menuLabel} (${shortcutLabel(MENU_SHORTCUT, isApple)[0]})`}
              />
              <Link
                to="/"
                aria-label={t('shell.home')}
                // The focus ring's corners follow the logo's.
                style={{ color: 'inherit', textDecoration: 'none', borderRadius: 6 }}
              >
                <Logo size={28} rainbow={allowIconChanges && isJune(new Date())} />
              </Link>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {user.data && <QuickSearchButton />}
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('shortcuts.title')}
                data-tip={t('shortcuts.title')}
                onClick={() => setShortcutsOpen(true)}
                visibleFrom="sm"
              >
                <IconKeyboard size={20} stroke={1.6} />
              </ActionIcon>
              {user.data && <LiveStatus />}
              {user.data && <NotificationsBell userId={user.data.id} />}
              {user.data && <UserMenu user={user.data} onShowShortcuts={() => setShortcutsOpen(true)} />}
            </Group>
          </Group>
        </AppShell.Header>
        {/* Closed, the menu only slides off screen: inert keeps its links out of the Tab order and
            away from screen readers until it opens again. */}
        <AppShell.Navbar inert={!menu.open}>
          <Group hiddenFrom="sm" justify="flex-end" px="sm" pt="sm">
            <CloseButton aria-label={t('shell.closeMenu')} onClick={menu.closeMobile} size="lg" />
          </Group>
          {/* Like the main area, the navigation waits for the user: its menus read the user's rights. */}
          {/* Drawn once the menu has been open: a phone opens pages without the project tree. */}
          {user.data && menu.everOpen && <SideNavigation />}
        </AppShell.Navbar>
        <AppShell.Main>
          {menu.mobile && menu.mobileOpen && (
            <Overlay fixed zIndex={99} backgroundOpacity={0.4} onClick={menu.closeMobile} />
          )}
          {backdropProject && <ProjectBackdrop project={backdropProject} />}
          {info?.demoModeEnabled && <DemoBanner />}
          <Box
            px={{ base: 'md', sm: 'xl' }}
            py="xl"
            maw={fullWidth ? undefined : 1100}
            mx="auto"
            className={backdropProject ? backdropSurfaceClass : undefined}
          >
            {user.data ? (
              <Suspense fallback={<DelayedLoader label={t('ready.loading')} />}>
                <BackdropOutlet />
              </Suspense>
            ) : (
              <DelayedLoader label={t('ready.loading')} />
            )}
          </Box>
        </AppShell.Main>
        <Suspense fallback={null}>
          {shortcutsOpen && <ShortcutsHelpModal opened onClose={() => setShortcutsOpen(false)} />}
          {user.data && <PaletteWhenWanted />}
        </Suspense>
        {user.data && <GoToShortcuts />}
      </AppShell>
    </DatesProvider>
  );
}
