/**
 * Saving a project or a task as a template: a name (the source's title to start with) and what
 * the template keeps. The notice offers the way to the Templates page.
 */
import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { saveAsTemplate, type Template, templateKeys } from '../../api/templates';
import { showError, showSuccess } from '../../ui/notices';
import { TemplateNameForm } from './template-name-form';

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
  const save = useMutation({
    mutationFn: (title: string) => saveAsTemplate(kind, sourceId, title),
    onSuccess: (template) => {
      void client.invalidateQueries({ queryKey: templateKeys.all });
      showSuccess(t, t('templates.save.done', { title: template.title }), [
        { label: t('templates.save.show'), onClick: () => navigate('/templates') },
      ]);
      onDone();
    },
    onError: (error) => showError(t, error),
  });
  return (
    <TemplateNameForm
      initial={defaultTitle}
      intro={
        <Text size="sm">
          {kind === 'project' ? t('templates.save.projectText') : t('templates.save.taskText')}
        </Text>
      }
      submitLabel={t('templates.save.submit')}
      loading={save.isPending}
      onSubmit={(title) => save.mutate(title)}
      onCancel={onDone}
    />
  );
}
