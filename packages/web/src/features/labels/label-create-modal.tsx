/** Creating a label (labels.create, a modal route): a random palette colour to start with. */
import { Stack } from '@mantine/core';
import { randomLabelColor } from '@ordo/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createLabel, type LabelInput } from '../../api/labels';
import { FormActions } from '../../ui/form-actions';
import { Modal } from '../../ui/modal';
import { LabelForm } from './label-form';
import { useLabelForm } from './use-label-form';

function emptyLabel(): LabelInput {
  return { title: '', description: '', hexColor: randomLabelColor() };
}

export function LabelCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, setForm, titleError, submit, saving, reset } = useLabelForm({
    initial: emptyLabel,
    save: createLabel,
    savedText: t('labels.created'),
    onSaved: onClose,
  });
  useEffect(() => {
    if (opened) reset(emptyLabel());
  }, [opened, reset]);

  return (
    <Modal opened={opened} onClose={onClose} title={t('labels.create')} centered>
      <form onSubmit={submit}>
        <Stack gap="lg">
          <LabelForm value={form} onChange={setForm} titleError={titleError} />
          <FormActions
            cancelLabel={t('common.cancel')}
            submitLabel={t('labels.createAction')}
            loading={saving}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
