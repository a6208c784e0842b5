/**
 * The parts of an import page every importer shows alike: the heading with the service's icon and
 * how to get the file, how an import the page followed ended, and a failed upload or reading.
 */
import { Alert, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MigrationStatus } from '../../api/migration';
import type { Migrator } from './migrators';

export function ImportHeading({ migrator, title }: { migrator: Migrator; title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light" color={migrator.color}>
          <migrator.icon size={28} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {title}
        </Title>
      </Group>
      <Text>{t(`${migrator.i18n}.description`)}</Text>
      <Text size="sm" c="dimmed">
        {t(`${migrator.i18n}.howTo`)}
      </Text>
    </>
  );
}

/** A finished import: what it brought in (children) and where to go next. */
export function ImportSucceeded({ children, onAnother }: { children: ReactNode; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="green"
      variant="light"
      icon={<IconCheck size={18} />}
      title={t('migration.success.title')}
      role="status"
    >
      <Stack gap="sm" align="flex-start">
        {children}
        <Group gap="sm">
          <Button component={Link} to="/projects" size="xs">
            {t('migration.success.projects')}
          </Button>
          <Button variant="default" size="xs" onClick={onAnother}>
            {t('migration.success.another')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** An import that was cancelled or failed on the server. */
export function ImportStopped({
  ended,
  status,
}: {
  ended: MigrationStatus['state'] | undefined;
  status: MigrationStatus | undefined;
}) {
  const { t } = useTranslation();
  if (ended === 'cancelled') {
    return (
      <Alert color="gray" variant="light" icon={<IconX size={18} />} title={t('migration.cancelled.title')}>
        {t('migration.cancelled.text')}
      </Alert>
    );
  }
  if (ended === 'failed') {
    return (
      <ImportFailed>
        <Text size="sm">{status?.error?.message ?? ''}</Text>
      </ImportFailed>
    );
  }
  return null;
}

/** A failed import, upload or reading of the file: children tell what went wrong. */
export function ImportFailed({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconX size={18} />}
      title={t('migration.errors.title')}
      role="alert"
    >
      {children}
    </Alert>
  );
}

/** A failed upload or reading of the file, in the importer's words (which may span lines). */
export function UploadFailed({ message }: { message: string }) {
  return (
    <ImportFailed>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {message}
      </Text>
    </ImportFailed>
  );
}
