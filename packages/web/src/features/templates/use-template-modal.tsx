/**
 * Creating from a template: a project template asks for the new project's name and where it
 * goes; a task template asks which project the task goes into. The new item opens.
 */
import { Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Project } from '../../api/projects';
import { queryKeys } from '../../api/query-keys';
import type { Task } from '../../api/tasks';
import { createProjectFromTemplate, createTaskFromTemplate, type Template } from '../../api/templates';
import { FormActions } from '../../ui/form-actions';
import { Modal } from '../../ui/modal';
import { showError, showSuccess } from '../../ui/notices';
import { useSignedInUser } from '../auth/use-current-user';
import { canEditProject } from '../projects/project-tree';
import { ParentProjectSelect } from '../projects/settings/parent-project-select';
import { useProjects } from '../projects/use-projects';

export function UseTemplateModal({ template, onClose }: { template: Template; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={
        template.kind === 'project'
          ? t('templates.useProject.title', { title: template.title })
          : t('templates.useTask.title', { title: template.title })
      }
    >
      <UseTemplateForm template={template} onClose={onClose} />
    </Modal>
  );
}

function UseTemplateForm({ template, onClose }: { template: Template; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const projects = useProjects().data ?? [];
  const user = useSignedInUser();
  const isProject = template.kind === 'project';
  const [title, setTitle] = useState(template.title);
  const defaultProject = projects.find((p) => p.id === user.settings.defaultProjectId);
  // A new project starts at the top level; a new task in the default project, when writable.
  const [projectId, setProjectId] = useState(
    !isProject && defaultProject && !defaultProject.isArchived && canEditProject(defaultProject)
      ? defaultProject.id
      : 0,
  );
  const create = useMutation<Project | Task>({
    mutationFn: () =>
      isProject
        ? createProjectFromTemplate(template.id, title.trim(), projectId)
        : createTaskFromTemplate(template.id, projectId),
    onSuccess: (made) => {
      onClose();
      if (isProject) {
        void client.invalidateQueries({ queryKey: queryKeys.projects });
        showSuccess(t, t('templates.created', { title: made.title }));
        navigate(`/projects/${made.id}`);
      } else {
        void client.invalidateQueries({ queryKey: queryKeys.tasks });
        showSuccess(t, t('templates.created', { title: made.title }));
        navigate(`/tasks/${made.id}`);
      }
    },
    onError: (error) => showError(t, error),
  });
  const blank = isProject && title.trim() === '';
  const incomplete = blank || (!isProject && projectId === 0);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!incomplete) create.mutate();
      }}
    >
      <Stack>
        {isProject && (
          <TextInput
            label={t('templates.useProject.name')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={blank ? t('templates.nameRequired') : undefined}
            maxLength={250}
            required
            data-autofocus
          />
        )}
        <ParentProjectSelect
          projects={projects}
          value={projectId}
          onChange={setProjectId}
          // A project template asks for the new project's parent, a task template for its project.
          required={!isProject}
          label={isProject ? undefined : t('templates.useTask.project')}
          placeholder={isProject ? undefined : t('templates.useTask.pick')}
        />
        <Text size="sm" c="dimmed">
          {t('templates.datesHint')}
        </Text>
        <FormActions
          cancelLabel={t('common.cancel')}
          submitLabel={isProject ? t('templates.useProject.submit') : t('templates.useTask.submit')}
          loading={create.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
