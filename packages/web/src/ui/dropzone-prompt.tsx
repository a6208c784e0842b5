/**
 * The inside of a file drop zone: an icon that turns into an upload arrow while a fitting file is
 * dragged over and into a cross for one that does not fit, beside what to drop and a hint.
 */
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { type Icon, IconUpload, IconX } from '@tabler/icons-react';

export function DropzonePrompt({
  icon: IdleIcon,
  iconSize,
  minHeight,
  title,
  hint,
}: {
  icon: Icon;
  iconSize: number;
  minHeight: number;
  title: string;
  hint: string;
}) {
  return (
    <Group justify="center" gap="md" mih={minHeight} style={{ pointerEvents: 'none' }} wrap="nowrap">
      <Dropzone.Accept>
        <IconUpload size={iconSize} stroke={1.5} color="var(--mantine-color-blue-6)" />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={iconSize} stroke={1.5} color="var(--mantine-color-red-6)" />
      </Dropzone.Reject>
      <Dropzone.Idle>
        <IdleIcon size={iconSize} stroke={1.5} color="var(--mantine-color-dimmed)" />
      </Dropzone.Idle>
      <Stack gap={2}>
        <Text size="sm" fw={500}>
          {title}
        </Text>
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Group>
  );
}
