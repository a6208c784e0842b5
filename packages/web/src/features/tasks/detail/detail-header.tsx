/** The head of the task detail: identifier, project, done and checklist state, the title, and the
 * subscribe, favourite and close buttons. */
import { ActionIcon, Anchor, Badge, CloseButton, Group, RingProgress, Stack, Text } from '@mantine/core';
import { presencePlace } from '@ordo/core';
import { IconCheck, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchProject } from '../../../api/projects';
import { queryKeys } from '../../../api/query-keys';
import type { Task } from '../../../api/tasks';
import { useLinkShareSession } from '../../link-share/link-share-session';
import { PresenceAvatars } from '../../live/presence';
import { TaskSubscriptionButton } from '../../subscriptions/task-subscription-button';
import { checklistProgress } from '../checklist';
import { TitleField } from '../fields/title-field';
import type { TaskEditor } from '../use-task-editor';

export function ChecklistSummary({ description }: { description: string }) {
  const { t } = useTranslation();
  const { total, checked } = checklistProgress(description);
  if (total === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="checklist-progress">
      <RingProgress size={22} thickness={3} sections={[{ value: (checked / total) * 100, color: 'teal' }]} />
      <Text size="sm" c="dimmed">
        {t('tasks.checklist.progress', { checked, total })}
      </Text>
    </Group>
  );
}

export function DetailHeader({
  editor,
  onToggleFavorite,
  onClose,
}: {
  editor: TaskEditor;
  onToggleFavorite: () => void;
  onClose?: (task: Task | null) => void;
}) {
  const { t } = useTranslation();
  const linkShare = useLinkShareSession();
  const task = editor.task;
  const canWrite = editor.canWrite;
  const project = useQuery({
    queryKey: queryKeys.project(task.projectId),
    queryFn: () => fetchProject(task.projectId),
  });
  const projectTitle = project.data?.title;
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={6} wrap="wrap">
          <Text size="sm" c="dimmed" ff="monospace">
            {task.identifier}
          </Text>
          {projectTitle && (
            <Anchor component={Link} to={`/projects/${task.projectId}`} size="sm">
              {projectTitle}
            </Anchor>
          )}
          {task.done && (
            <Badge color="green" variant="light" leftSection={<IconCheck size={12} />}>
              {t('tasks.done.badge')}
            </Badge>
          )}
          <ChecklistSummary description={task.description ?? ''} />
        </Group>
        <Group gap={2} wrap="nowrap">
          {!linkShare && <PresenceAvatars projectId={task.projectId} place={presencePlace.task(task.id)} />}
          {/* Link-share visitors cannot subscribe (reference §2.7). */}
          {!linkShare && <TaskSubscriptionButton task={task} />}
          <ActionIcon
            data-tip={task.isFavorite ? t('tasks.favorite.remove') : t('tasks.favorite.add')}
            variant="subtle"
            color={task.isFavorite ? 'yellow' : 'gray'}
            size="lg"
            onClick={onToggleFavorite}
            disabled={!canWrite}
            aria-label={task.isFavorite ? t('tasks.favorite.remove') : t('tasks.favorite.add')}
            aria-pressed={task.isFavorite}
          >
            {task.isFavorite ? <IconStarFilled size={20} /> : <IconStar size={20} />}
          </ActionIcon>
          {onClose && (
            <CloseButton size="lg" aria-label={t('tasks.detail.close')} onClick={() => onClose(task)} />
          )}
        </Group>
      </Group>
      <TitleField editor={editor} />
      {!canWrite && (
        <Text size="sm" c="dimmed">
          {editor.projectArchived ? t('projects.archivedNotice') : t('tasks.detail.readOnly')}
        </Text>
      )}
    </Stack>
  );
}
