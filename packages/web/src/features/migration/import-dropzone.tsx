/**
 * The file for an import: dropped on the zone or picked with the file dialog (the zone is a button,
 * so Enter and Space open it). A file of another type is refused here with a clear message.
 */
import '@mantine/dropzone/styles.css';
import { Dropzone } from '@mantine/dropzone';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DropzonePrompt } from '../../ui/dropzone-prompt';
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
      // The hidden file input is what a screen reader lands on: it carries the same name.
      inputProps={{ 'aria-label': t('migration.pick', { extension: migrator.extension }) }}
      data-testid="import-dropzone"
      style={disabled ? { opacity: 0.6, cursor: 'not-allowed' } : undefined}
    >
      <DropzonePrompt
        icon={IconFileImport}
        iconSize={40}
        minHeight={120}
        title={t('migration.drop', { extension: migrator.extension })}
        hint={hint ?? t('migration.dropHint')}
      />
    </Dropzone>
  );
}
