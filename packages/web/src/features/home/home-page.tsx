/**
 * The overview (spec 1 §2 "Home"): a greeting by time of day with the display name, the add-to-
 * home-screen hint, the last viewed projects (up to 6) and the current tasks: undone tasks due
 * within the next week or overdue, or the saved filter chosen in the settings. While nothing was
 * viewed yet, cards help getting started, among them the import hint (when the server offers
 * importers) leading to /user/settings/migrate.
 */
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { displayName } from '@ordo/core';
import { IconDeviceMobile, IconFileImport, IconKeyboard, IconSettings } from '@tabler/icons-react';
import { usePrefetchInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Project } from '../../api/projects';
import { useServerInfo } from '../../app/server-info';
import { HELP_SHORTCUT, MENU_SHORTCUT } from '../../app/shortcuts/shortcut-catalogue';
import { shortcutLabel } from '../../app/shortcuts/shortcut-keys';
import { isApple } from '../../app/shortcuts/shortcuts';
import { useSignedInUser } from '../auth/use-current-user';
import { ColorBubble } from '../projects/color-bubble';
import { projectTitle } from '../projects/project-title';
import { readProjectHistory } from '../projects/recent-projects';
import { useProjects } from '../projects/use-projects';
import { TaskRangeList } from '../upcoming/task-range-list';
import { rangeTasksQuery } from '../upcoming/upcoming-tasks';
import { useOverviewFilterProject } from '../upcoming/use-overview-filter';
import { hideAddToHomeScreen, isStandalone, showsAddToHomeScreen } from './add-to-home-screen';
import { greetingKey } from './greeting';
import { overviewRange } from './overview-range';

/** The current time, refreshed when the page becomes visible again so the greeting follows the day. */
function useNowOnActivate(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') setNow(new Date());
    };
    document.addEventListener('visibilitychange', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      document.removeEventListener('visibilitychange', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, []);
  return now;
}

function AddToHomeScreenHint() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(() => showsAddToHomeScreen(localStorage, isStandalone()));
  if (!shown) return null;
  return (
    <Alert
      variant="light"
      icon={<IconDeviceMobile size={18} />}
      title={t('home.addToHomeScreen.title')}
      withCloseButton
      closeButtonLabel={t('home.addToHomeScreen.dismiss')}
      onClose={() => {
        hideAddToHomeScreen(localStorage);
        setShown(false);
      }}
    >
      {t('home.addToHomeScreen.text')}
    </Alert>
  );
}

function LastViewed({ projects }: { projects: Project[] }) {
  const { t } = useTranslation();
  if (projects.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="last-viewed">
      <Title order={2} fz="lg" id="last-viewed">
        {t('home.lastViewed')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {projects.map((project) => (
          <Card
            key={project.id}
            component={Link}
            to={`/projects/${project.id}`}
            withBorder
            radius="md"
            padding="md"
            // A card is no button to Mantine: the focus ring is asked for.
            className="mantine-focus-auto"
            style={{ textDecoration: 'none' }}
          >
            <Group gap="xs" wrap="nowrap">
              <ColorBubble color={project.hexColor} size={12} />
              <Text fw={600} size="sm" truncate>
                {projectTitle(project, t)}
              </Text>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function GettingStarted() {
  const { t } = useTranslation();
  const canImport = (useServerInfo()?.availableMigrators?.length ?? 0) > 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: canImport ? 3 : 2 }} spacing="md">
      <Card withBorder padding="lg" radius="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md">
            <IconSettings size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={600}>{t('home.settingsCard.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('home.settingsCard.text')}
            </Text>
            <Anchor component={Link} to="/user/settings/general" size="sm">
              {t('home.settingsCard.action')}
            </Anchor>
          </Stack>
        </Group>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" size="lg" radius="md" color="grape">
            <IconKeyboard size={20} />
          </ThemeIcon>
          <Stack gap={4}>
            <Text fw={600}>{t('home.shortcutsCard.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('home.shortcutsCard.text', {
                menu: shortcutLabel(MENU_SHORTCUT, isApple)[0],
                help: shortcutLabel(HELP_SHORTCUT, isApple)[0],
              })}
            </Text>
          </Stack>
        </Group>
      </Card>
      {canImport && (
        <Card withBorder padding="lg" radius="md" data-testid="import-hint">
          <Group wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size="lg" radius="md" color="teal">
              <IconFileImport size={20} />
            </ThemeIcon>
            <Stack gap={4}>
              <Text fw={600}>{t('home.importCard.title')}</Text>
              <Text size="sm" c="dimmed">
                {t('home.importCard.text')}
              </Text>
              <Anchor component={Link} to="/user/settings/migrate" size="sm">
                {t('home.importCard.action')}
              </Anchor>
            </Stack>
          </Group>
        </Card>
      )}
    </SimpleGrid>
  );
}

export function HomePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const now = useNowOnActivate();
  const name = displayName(user);
  const key = greetingKey(now, name, Date.parse(user.created));
  const projectsQuery = useProjects();
  const projects = projectsQuery.data ?? [];
  const overviewFilter = useOverviewFilterProject();
  const recent = readProjectHistory()
    .map((id) => projects.find((p) => p.id === id))
    .filter((p): p is Project => p !== undefined && !p.isArchived);
  const savedFilter = overviewFilter ? projects.find((p) => p.id === overviewFilter) : undefined;
  const range = overviewRange(overviewFilter);
  // The list shows once the projects are known (below), but its tasks are asked for now, beside
  // them (opened at home, the app asked for both at start: open-at-home.ts): the saved filter
  // chosen in the settings is here already, and nearly always still one.
  usePrefetchInfiniteQuery(
    rangeTasksQuery(overviewRange(user.settings.frontendSettings.filterIdUsedOnOverview)),
  );
  const tasksTitle = savedFilter ? savedFilter.title : t('upcoming.current');

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        {key && (
          <Title
            order={1}
            fz={{ base: 26, sm: 32 }}
            data-testid="greeting"
            style={{ overflowWrap: 'anywhere' }}
          >
            {t(key, { name })}
          </Title>
        )}
        <Text c="dimmed">{t('home.subtitle')}</Text>
      </Stack>
      <AddToHomeScreenHint />
      {/* What depends on the projects comes in one piece once they are known, with the task list
          (whose length is not known until it loads) last: nothing on the page moves under the
          reader as it fills in. */}
      {!projectsQuery.isPending && (
        <>
          <LastViewed projects={recent} />
          {recent.length === 0 && <GettingStarted />}
          {projects.some((p) => p.id > 0) && (
            <Stack gap="sm" component="section" aria-labelledby="current-tasks">
              <Group justify="space-between" align="baseline">
                <Title order={2} fz="lg" id="current-tasks">
                  {tasksTitle}
                </Title>
                <Anchor component={Link} to="/tasks/by/upcoming" size="sm">
                  {t('home.showUpcoming')}
                </Anchor>
              </Group>
              <TaskRangeList range={range} label={tasksTitle} />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
