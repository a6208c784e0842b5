/**
 * Upload of an own picture: drop it on the zone or pick it with the file dialog (the zone is a
 * button, so Enter and Space open it). The server checks that it is an image and crops it square.
 */
import '@mantine/dropzone/styles.css';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { IconPhotoUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DropzonePrompt } from '../../ui/dropzone-prompt';

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
      // The hidden file input is what a screen reader lands on: it carries the same name.
      inputProps={{ 'aria-label': t('settings.avatar.uploadLabel') }}
      data-testid="avatar-dropzone"
    >
      <DropzonePrompt
        icon={IconPhotoUp}
        iconSize={36}
        minHeight={88}
        title={t('settings.avatar.uploadDrop')}
        hint={
          maxSize ? t('settings.avatar.uploadHintSize', { size: maxSize }) : t('settings.avatar.uploadHint')
        }
      />
    </Dropzone>
  );
}
