/**
 * A project's activity feed: the changes to its tasks, newest first, fifty at a time, each
 * naming its task (a link to it) and what changed.
 */
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchProjectActivity } from '../../../api/activity';
import type { Project } from '../../../api/projects';
import { errorText } from '../../../i18n/error-text';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { ActivityLine } from '../../tasks/sections/activity-line';
import { ProjectRouteModal } from '../settings/project-route-modal';

function Feed({ project }: { project: Project }) {
  const { t } = useTranslation();
  const feed = useInfiniteQuery({
    queryKey: ['projects', project.id, 'activity'],
    queryFn: ({ pageParam }) => fetchProjectActivity(project.id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length < last.totalPages ? pages.length + 1 : undefined),
  });
  if (feed.error) return <Text c="red">{errorText(feed.error, t)}</Text>;
  if (!feed.data) return <DelayedLoader label={t('projects.activity.loading')} minHeight={120} />;
  const entries = feed.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <Text c="dimmed">{t('projects.activity.empty')}</Text>;
  return (
    <Stack gap="sm" data-testid="project-activity">
      {entries.map((entry) => (
        <Stack key={entry.id} gap={2}>
          <Anchor component={Link} to={`/tasks/${entry.taskId}`} size="sm" fw={600}>
            {entry.taskIdentifier} {entry.taskTitle}
          </Anchor>
          <ActivityLine entry={entry} />
        </Stack>
      ))}
      {feed.hasNextPage && (
        <Button
          variant="default"
          size="compact-sm"
          onClick={() => feed.fetchNextPage()}
          loading={feed.isFetchingNextPage}
        >
          {t('projects.activity.more')}
        </Button>
      )}
    </Stack>
  );
}

export function ProjectActivityModal() {
  const { t } = useTranslation();
  return (
    <ProjectRouteModal title={(project) => t('projects.activity.title', { title: project.title })} size="lg">
      {(project) => <Feed project={project} />}
    </ProjectRouteModal>
  );
}
