/**
 * The file for an import: dropped on the zone or picked with the file dialog (the zone is a button,
 * so Enter and Space open it). A file of another type is refused here with a clear message.
 */
import '@mantine/dropzone/styles.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileImport, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Migrator } from './migrators';

export function ImportDropzone({
  migrator,
  hint,
  disabled,
  onFile,
  onWrongType,
}: {
  migrator: Migrator;
  /** What happens once the file is chosen, when not the import itself. */
  hint?: string;
  disabled: boolean;
  onFile: (file: File) => void;
  onWrongType: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dropzone
      onDrop={(files) => files[0] && onFile(files[0])}
      onReject={onWrongType}
      accept={migrator.accept}
      multiple={false}
      disabled={disabled}
      radius="md"
      aria-label={t('migration.pick', { extension: migrator.extension })}
      data-testid="import-dropzone"
      style={disabled ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
    >
      <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
        <Dropzone.Accept>
          <IconUpload size={40} stroke={1.5} color="var(--mantine-color-blue-6)" />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={40} stroke={1.5} color="var(--mantine-color-red-6)" />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconFileImport size={40} stroke={1.5} color="var(--mantine-color-dimmed)" />
        </Dropzone.Idle>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('migration.drop', { extension: migrator.extension })}
          </Text>
          <Text size="xs" c="dimmed">
            {hint ?? t('migration.dropHint')}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
