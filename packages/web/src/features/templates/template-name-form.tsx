/** The name of a template, asked when saving one and when renaming it; never blank. */
import { Stack, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../ui/form-actions';

export function TemplateNameForm({
  initial,
  intro,
  submitLabel,
  loading,
  onSubmit,
  onCancel,
}: {
  initial: string;
  intro?: ReactNode;
  submitLabel: string;
  loading: boolean;
  onSubmit: (title: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initial);
  const blank = title.trim() === '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) onSubmit(title.trim());
      }}
    >
      <Stack>
        {intro}
        <TextInput
          label={t('templates.save.name')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={blank ? t('templates.nameRequired') : undefined}
          maxLength={250}
          required
          data-autofocus
        />
        <FormActions
          cancelLabel={t('common.cancel')}
          submitLabel={submitLabel}
          loading={loading}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
