/**
 * The trash: tasks deleted in projects the user may write to, the user's own deleted comments and
 * the projects they owned or deleted, newest first, each restorable (a task comes back where it
 * was, with its comments, files and labels; a comment onto its task; a project with its tasks and
 * sub-projects) or deleted for good. Entries leave
 * by themselves after the server's kept days; the page says until when.
 */

import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { displayName } from '@ordo/core';
import { IconFolder, IconRestore, IconTrash, IconTrashX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { queryKeys } from '../../api/query-keys';
import { fetchTrash, purgeTrashEntry, restoreTrashEntry, type TrashEntry, trashKeys } from '../../api/trash';
import { formatDay } from '../../i18n/date-formats';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { showError, showSuccess } from '../../ui/notices';
import { relativeTime } from '../project-views/task-display';

export function TrashPage() {
  const { t } = useTranslation();
  const trash = useQuery({ queryKey: trashKeys.all, queryFn: fetchTrash });
  const [purging, setPurging] = useState<TrashEntry | null>(null);

  let content = null;
  if (trash.error) {
    content = (
      <Alert color="red" role="alert">
        {t('common.loadingFailed')}
      </Alert>
    );
  } else if (!trash.data) {
    content = <DelayedLoader label={t('trash.loading')} />;
  } else if (trash.data.length === 0) {
    content = (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="xs">
          <IconTrash size={36} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>{t('trash.empty')}</Text>
          <Text c="dimmed" size="sm" ta="center" maw={420}>
            {t('trash.emptyHint')}
          </Text>
        </Stack>
      </Card>
    );
  } else {
    content = (
      <Card withBorder padding={0} radius="md">
        <ul aria-label={t('trash.title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {trash.data.map((entry, i) => (
            <TrashRow key={entry.id} entry={entry} first={i === 0} onPurge={() => setPurging(entry)} />
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {t('trash.title')}
      </Title>
      {content}
      {purging && <PurgeModal entry={purging} onClose={() => setPurging(null)} />}
    </Stack>
  );
}

function TrashRow({ entry, first, onPurge }: { entry: TrashEntry; first: boolean; onPurge: () => void }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const restore = useMutation({
    mutationFn: () => restoreTrashEntry(entry.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: trashKeys.all });
      void client.invalidateQueries({ queryKey: queryKeys.tasks });
      if (entry.kind === 'project') void client.invalidateQueries({ queryKey: queryKeys.projects });
      showSuccess(t, t('trash.restored', { title: entry.title }));
    },
    onError: (error) => showError(t, error),
  });
  const deleted = relativeTime(new Date(entry.deleted), new Date(), i18n.language);
  return (
    <li style={first ? undefined : { borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="wrap" gap="sm" p="md">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          {entry.kind === 'comment' && (
            <Text size="sm" c="dimmed">
              {entry.taskId && entry.taskTitle ? (
                <>
                  {t('trash.commentOn')}{' '}
                  <Link to={`/tasks/${entry.taskId}`} style={{ color: 'inherit' }}>
                    {entry.taskTitle}
                  </Link>
                </>
              ) : (
                t('trash.commentOnGoneTask')
              )}
            </Text>
          )}
          {entry.kind === 'project' && (
            <Group gap={6} wrap="nowrap">
              <IconFolder size={14} stroke={1.6} color="var(--mantine-color-dimmed)" aria-hidden />
              <Text size="sm" c="dimmed">
                {t('trash.projectKind')}
              </Text>
            </Group>
          )}
          <Text fw={600} truncate fs={entry.kind === 'comment' ? 'italic' : undefined}>
            {entry.title}
          </Text>
          <Text size="sm" c="dimmed">
            {entry.projectId !== null && (
              <>
                <Link to={`/projects/${entry.projectId}`} style={{ color: 'inherit' }}>
                  {entry.projectTitle}
                </Link>
                {' · '}
              </>
            )}
            {entry.deletedBy
              ? t('trash.deletedBy', { when: deleted, name: displayName(entry.deletedBy) })
              : t('trash.deletedWhen', { when: deleted })}
            {' · '}
            {t('trash.expires', { date: formatDay(new Date(entry.expires), i18n.language) })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="light"
            size="compact-md"
            leftSection={<IconRestore size={16} />}
            loading={restore.isPending}
            onClick={() => restore.mutate()}
            aria-label={t('trash.restoreNamed', { title: entry.title })}
          >
            {t('trash.restore')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-md"
            leftSection={<IconTrashX size={16} />}
            onClick={onPurge}
            aria-label={t('trash.purgeNamed', { title: entry.title })}
          >
            {t('trash.purge')}
          </Button>
        </Group>
      </Group>
    </li>
  );
}

function PurgeModal({ entry, onClose }: { entry: TrashEntry; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const purge = useMutation({
    mutationFn: () => purgeTrashEntry(entry.id),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: trashKeys.all });
      showSuccess(t, t('trash.purged'));
      onClose();
    },
    onError: (error) => showError(t, error),
  });
  return (
    <ConfirmModal
      opened
      title={t('trash.purgeTitle')}
      message={t('trash.purgeConfirm', { title: entry.title })}
      confirmLabel={t('trash.purge')}
      loading={purge.isPending}
      onConfirm={() => purge.mutate()}
      onClose={onClose}
    />
  );
}
