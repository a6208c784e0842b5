/** The progress of an import under way, read from its status, with the way to stop it. */
import { Button, Group, Loader, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MigrationStatus } from '../../api/migration';

export function ImportProgress({
  status,
  cancelling,
  onCancel,
}: {
  status: MigrationStatus;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const done = status.done ?? 0;
  const total = status.total ?? 0;
  const count = new Intl.NumberFormat(i18n.language);
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <Paper withBorder radius="md" p="lg" role="status" aria-live="polite" data-testid="import-progress">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap">
          <Loader size="sm" />
          <Text fw={600}>{t('migration.progress.title')}</Text>
        </Group>
        <Progress value={percent} size="lg" aria-label={t('migration.progress.title')} />
        <Text size="sm">
          {t('migration.progress.count', { done: count.format(done), total: count.format(total) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('migration.progress.hint')}
        </Text>
        <Group>
          <Button color="red" variant="light" size="xs" loading={cancelling} onClick={onCancel}>
            {t('migration.progress.cancel')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
