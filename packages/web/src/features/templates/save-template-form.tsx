/**
 * Saving a project or a task as a template: a name (the source's title to start with) and what
 * the template keeps. The notice offers the way to the Templates page.
 */
import { Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { saveAsTemplate, type Template, templateKeys } from '../../api/templates';
import { FormActions } from '../../ui/form-actions';
import { showError, showSuccess } from '../../ui/notices';

export function SaveTemplateForm({
  kind,
  sourceId,
  defaultTitle,
  onDone,
}: {
  kind: Template['kind'];
  sourceId: number;
  defaultTitle: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [title, setTitle] = useState(defaultTitle);
  const save = useMutation({
    mutationFn: () => saveAsTemplate(kind, sourceId, title.trim()),
    onSuccess: (template) => {
      void client.invalidateQueries({ queryKey: templateKeys.all });
      showSuccess(t, t('templates.save.done', { title: template.title }), [
        { label: t('templates.save.show'), onClick: () => navigate('/templates') },
      ]);
      onDone();
    },
    onError: (error) => showError(t, error),
  });
  const blank = title.trim() === '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) save.mutate();
      }}
    >
      <Stack>
        <Text size="sm">
          {kind === 'project' ? t('templates.save.projectText') : t('templates.save.taskText')}
        </Text>
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
          submitLabel={t('templates.save.submit')}
          loading={save.isPending}
          onCancel={onDone}
        />
      </Stack>
    </form>
  );
}
