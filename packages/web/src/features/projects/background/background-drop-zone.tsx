/**
 * Where a background image is chosen: dropped onto the zone, or picked with the file dialog
 * (the button, reachable by keyboard). Only the first dropped file counts.
 */
import { Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerInfo } from '../../../app/server-info';

export function BackgroundDropZone({ busy, onFile }: { busy: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation();
  const info = useServerInfo();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      data-testid="background-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
        backgroundColor: over ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Stack gap={6} align="center">
        <Group gap="xs" justify="center">
          <Text size="sm">{t('projects.background.drop')}</Text>
          <FileButton onChange={(file) => file && onFile(file)} accept="image/*">
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={busy}
              >
                {t('projects.background.choose')}
              </Button>
            )}
          </FileButton>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          {t('projects.background.hint', { size: info?.maxFileSize ?? '' })}
        </Text>
      </Stack>
    </Paper>
  );
}
