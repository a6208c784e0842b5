/**
 * The projects page (spec 2 §2 projects.index): recently visited projects, then every root
 * project as a card with its sub-projects; archived ones only when asked for. `/projects/new`
 * opens the create modal over it.
 */
import {
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArchive, IconFilterPlus, IconFolderPlus, IconFolders } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import type { Project } from '../../api/projects';
import { DelayedLoader } from '../../ui/delayed-loader';
import { ColorBubble } from './color-bubble';
import { FavoriteStar } from './navigation/favorite-star';
import { hasDescription } from './project-description';
import { projectTitle } from './project-title';
import { byPosition, childProjects } from './project-tree';
import { readProjectHistory } from './recent-projects';
import { useProjects } from './use-projects';

function ProjectCard({
  project,
  all,
  showArchived,
}: {
  project: Project;
  all: Project[];
  showArchived: boolean;
}) {
  const { t } = useTranslation();
  const children = childProjects(all, project.id, showArchived);
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      style={{
        borderTop: `4px solid ${project.hexColor ? `#${project.hexColor}` : 'var(--mantine-color-default-border)'}`,
      }}
      data-project-card={project.id}
    >
      <Stack gap={6} h="100%">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor
            component={Link}
            to={`/projects/${project.id}`}
            fw={600}
            c="var(--mantine-color-text)"
            style={{ overflowWrap: 'anywhere' }}
          >
            {projectTitle(project, t)}
          </Anchor>
          <FavoriteStar project={project} />
        </Group>
        {project.isArchived && (
          <Badge
            color="orange"
            variant="light"
            size="sm"
            leftSection={<IconArchive size={11} />}
            w="fit-content"
          >
            {t('projects.archived')}
          </Badge>
        )}
        {hasDescription(project.description) && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {project.description.replace(/<[^>]+>/g, ' ')}
          </Text>
        )}
        {children.length > 0 && (
          <Group gap={6} mt="auto">
            {children.map((child) => (
              <Badge
                key={child.id}
                component={Link}
                to={`/projects/${child.id}`}
                variant="default"
                tt="none"
                fw={500}
                leftSection={<ColorBubble color={child.hexColor} size={8} />}
                style={{ cursor: 'pointer' }}
              >
                {child.title}
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

export function ProjectsIndexPage() {
  const { t } = useTranslation();
  const { data: projects, isLoading } = useProjects();
  const [showArchived, setShowArchived] = useState(false);
  const all = projects ?? [];
  const visible = new Set(all.map((p) => p.id));
  const roots = all
    .filter((p) => p.id > 0 && (showArchived || !p.isArchived))
    .filter((p) => p.parentProjectId === 0 || !visible.has(p.parentProjectId))
    .sort(byPosition);
  const recent = readProjectHistory()
    .map((id) => all.find((p) => p.id === id))
    .filter((p): p is Project => p !== undefined && !p.isArchived);

  return (
    <Stack gap="xl">
      <Group justify="space-between">
        <Title order={1} fz={28}>
          {t('projects.title')}
        </Title>
        <Group gap="md">
          <Checkbox
            label={t('projects.showArchived')}
            checked={showArchived}
            onChange={(event) => setShowArchived(event.currentTarget.checked)}
          />
          <Button
            component={Link}
            to="/filters/new"
            variant="default"
            leftSection={<IconFilterPlus size={18} />}
          >
            {t('filters.create.title')}
          </Button>
          <Button component={Link} to="/projects/new" leftSection={<IconFolderPlus size={18} />}>
            {t('projects.create.title')}
          </Button>
        </Group>
      </Group>
      {isLoading ? (
        <DelayedLoader label={t('projects.loading')} />
      ) : roots.length === 0 ? (
        <Stack align="center" gap="xs" py={48}>
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconFolders size={26} />
          </ThemeIcon>
          <Text fw={600}>{t('projects.empty.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('projects.empty.text')}
          </Text>
        </Stack>
      ) : (
        <>
          {recent.length > 0 && (
            <Stack gap="xs">
              <Title order={2} fz="md" c="dimmed">
                {t('projects.recent')}
              </Title>
              <Group gap="xs">
                {recent.map((project) => (
                  <Button
                    key={project.id}
                    component={Link}
                    to={`/projects/${project.id}`}
                    variant="default"
                    size="xs"
                    leftSection={<ColorBubble color={project.hexColor} size={8} />}
                  >
                    {projectTitle(project, t)}
                  </Button>
                ))}
              </Group>
            </Stack>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {roots.map((project) => (
              <ProjectCard key={project.id} project={project} all={all} showArchived={showArchived} />
            ))}
          </SimpleGrid>
        </>
      )}
      <Outlet />
    </Stack>
  );
}
