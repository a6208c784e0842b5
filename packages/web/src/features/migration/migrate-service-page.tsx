/**
 * /migrate/{service} (spec 1 §2 migrate.service; spec 2 §4 import states): how to get the file,
 * the upload, and the states of an import — not started, in progress (the server writes it in the
 * background: the page polls its progress and offers to cancel it; a second one is blocked),
 * finished (with what it brought in), failed or cancelled. An earlier finished import brings a
 * warning that importing again duplicates everything. After a success the project list is
 * refreshed, so the imported projects appear in the side navigation at once.
 */
import { Alert, Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconHourglass, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  cancelImport,
  fetchMigrationStatus,
  hasFinished,
  isRunning,
  migrationKeys,
  uploadImport,
} from '../../api/migration';
import { queryKeys } from '../../api/query-keys';
import { useServerInfo } from '../../app/server-info';
import { DelayedLoader } from '../../ui/delayed-loader';
import { formatDateTime } from '../tasks/task-dates';
import { CsvImport } from './csv/csv-import';
import { ImportDropzone } from './import-dropzone';
import { importErrorText } from './import-error';
import { ImportProgress } from './import-progress';
import { ImportHeading, ImportStopped, ImportSucceeded, UploadFailed } from './import-states';
import { availableMigrators, CSV_MIGRATOR, type Migrator } from './migrators';

/** How often the page reads the progress of an import under way. */
const POLL_MS = 1000;

export function MigrateServicePage() {
  const { t } = useTranslation();
  const { service = '' } = useParams();
  const info = useServerInfo();
  if (!info) return <DelayedLoader label={t('migration.loading')} />;
  const migrator = availableMigrators(info.availableMigrators).find((m) => m.id === service);
  return (
    <Stack gap="lg" maw={720}>
      <Anchor component={Link} to="/user/settings/migrate" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('migration.back')}
        </Group>
      </Anchor>
      {migrator === CSV_MIGRATOR ? (
        <CsvImport />
      ) : migrator ? (
        <ServiceImport migrator={migrator} />
      ) : (
        <Alert color="red" icon={<IconX size={18} />} title={t('migration.unknown.title')}>
          {t('migration.unknown.text', { service })}
        </Alert>
      )}
    </Stack>
  );
}

function ServiceImport({ migrator }: { migrator: Migrator }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  /** The import started on this page: its progress and end are shown here. */
  const [followedId, setFollowedId] = useState<number | null>(null);
  const status = useQuery({
    queryKey: migrationKeys.status(migrator.id),
    queryFn: () => fetchMigrationStatus(migrator.id),
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
  });
  const upload = useMutation({
    mutationFn: (file: File) => uploadImport(migrator.id, file),
    onMutate: () => {
      setError(null);
      setFollowedId(null);
    },
    onSuccess: async ({ id }) => {
      setFollowedId(id);
      await client.invalidateQueries({ queryKey: migrationKeys.status(migrator.id) });
    },
    onError: (e) => {
      setError(importErrorText(e, t, migrator.id));
      void client.invalidateQueries({ queryKey: migrationKeys.status(migrator.id) });
    },
  });
  const cancel = useMutation({
    mutationFn: () => cancelImport(migrator.id),
    onSettled: () => client.invalidateQueries({ queryKey: migrationKeys.status(migrator.id) }),
  });
  const running = isRunning(status.data) && !upload.isPending;
  const followed = followedId !== null && status.data?.id === followedId;
  const ended = followed && !running ? (status.data?.state ?? 'done') : undefined;
  const done = ended === 'done';
  // Once the import followed here has ended, the projects it brought in (or took away) show.
  useEffect(() => {
    if (ended) void client.invalidateQueries({ queryKey: queryKeys.projects });
  }, [ended, client]);

  return (
    <Stack gap="md">
      <ImportHeading migrator={migrator} title={t('migration.importFrom', { name: migrator.name })} />

      {hasFinished(status.data) && !followed && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('migration.again.title')}
        >
          {t('migration.again.text', {
            name: migrator.name,
            date: formatDateTime(new Date(status.data!.finishedAt), i18n.language),
          })}
        </Alert>
      )}
      {running && !followed && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconHourglass size={18} />}
          title={t('migration.running.title')}
        >
          {t('migration.running.text', {
            date: formatDateTime(new Date(status.data!.startedAt), i18n.language),
          })}
        </Alert>
      )}
      {running && (
        <ImportProgress
          status={status.data!}
          cancelling={cancel.isPending || cancel.isSuccess}
          onCancel={() => cancel.mutate()}
        />
      )}
      <ImportStopped ended={ended} status={status.data} />

      {upload.isPending ? (
        <Paper withBorder radius="md" p="lg" role="status" aria-live="polite">
          <Group gap="md" wrap="nowrap">
            <Loader size="md" />
            <Stack gap={2}>
              <Text fw={600}>{t('migration.importing', { file: upload.variables?.name ?? '' })}</Text>
              <Text size="sm" c="dimmed">
                {t('migration.importingHint')}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ) : done ? (
        <ImportSucceeded onAnother={() => setFollowedId(null)}>
          <Text size="sm">{t('migration.success.text')}</Text>
          {status.data?.result && (
            <Text size="sm" data-testid="import-counts">
              {t('migration.success.counts', { ...status.data.result })}
            </Text>
          )}
        </ImportSucceeded>
      ) : running ? null : (
        <ImportDropzone
          migrator={migrator}
          disabled={running}
          onFile={(file) => upload.mutate(file)}
          onWrongType={() => setError(t('migration.errors.wrongType', { extension: migrator.extension }))}
        />
      )}
      {error && !upload.isPending && <UploadFailed message={error} />}
    </Stack>
  );
}
