/**
 * Upload of an own picture: drop it on the zone or pick it with the file dialog (the zone is a
 * button, so Enter and Space open it). The server checks that it is an image and crops it square.
 */
import '@mantine/dropzone/styles.css';
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { IconPhotoUp, IconUpload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function AvatarUpload({
  maxSize,
  uploading,
  onFile,
}: {
  /** The server's upload limit as it states it ("20MB"). */
  maxSize: string | undefined;
  uploading: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  return (
    <Dropzone
      onDrop={(files) => files[0] && onFile(files[0])}
      onReject={(rejections) => rejections[0] && onFile(rejections[0].file)}
      accept={IMAGE_MIME_TYPE}
      multiple={false}
      loading={uploading}
      radius="md"
      aria-label={t('settings.avatar.uploadLabel')}
      data-testid="avatar-dropzone"
    >
      <Group justify="center" gap="md" mih={88} style={{ pointerEvents: 'none' }} wrap="nowrap">
        <Dropzone.Accept>
          <IconUpload size={36} stroke={1.5} color="var(--mantine-color-blue-6)" />
        </Dropzone.Accept>
        <Dropzone.Reject>
          <IconX size={36} stroke={1.5} color="var(--mantine-color-red-6)" />
        </Dropzone.Reject>
        <Dropzone.Idle>
          <IconPhotoUp size={36} stroke={1.5} color="var(--mantine-color-dimmed)" />
        </Dropzone.Idle>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('settings.avatar.uploadDrop')}
          </Text>
          <Text size="xs" c="dimmed">
            {maxSize
              ? t('settings.avatar.uploadHintSize', { size: maxSize })
              : t('settings.avatar.uploadHint')}
          </Text>
        </Stack>
      </Group>
    </Dropzone>
  );
}
