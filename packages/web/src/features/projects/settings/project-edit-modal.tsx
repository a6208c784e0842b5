/** Editing a project (project.settings.edit): title, identifier, description, colour, parent. */
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { FIELD_LIMITS } from '@ordo/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../api/projects';
import { showSuccess } from '../../../ui/notices';
import { descriptionToSave, hasDescription } from '../project-description';
import { projectTitle } from '../project-title';
import { useProjects, useSaveProject } from '../use-projects';
import { ParentProjectSelect } from './parent-project-select';
import { ProjectColorInput } from './project-color-input';
import { ProjectRouteModal } from './project-route-modal';

function EditForm({ project, close }: { project: Project; close: () => void }) {
  const { t } = useTranslation();
  const projects = useProjects().data ?? [];
  const save = useSaveProject();
  const [title, setTitle] = useState(project.title);
  const [identifier, setIdentifier] = useState(project.identifier);
  const [description, setDescription] = useState(
    hasDescription(project.description) ? project.description : '',
  );
  const [color, setColor] = useState(project.hexColor);
  const [parentId, setParentId] = useState(project.parentProjectId);
  const titleError = !title.trim() ? t('projects.form.titleRequired') : null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (titleError) return;
    save.mutate(
      {
        project,
        patch: {
          title: title.trim(),
          identifier: identifier.trim(),
          description: descriptionToSave(description, project.description),
          hexColor: color,
          parentProjectId: parentId,
        },
      },
      {
        onSuccess: () => {
          showSuccess(t, t('projects.edit.success'));
          close();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('projects.form.title')}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={titleError}
          required
          data-autofocus
        />
        <TextInput
          label={t('projects.form.identifier')}
          description={t('projects.form.identifierHint')}
          value={identifier}
          maxLength={FIELD_LIMITS.identifier}
          onChange={(event) => setIdentifier(event.currentTarget.value)}
        />
        <Textarea
          label={t('projects.form.description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={10}
        />
        <ProjectColorInput value={color} onChange={setColor} />
        <ParentProjectSelect
          projects={projects}
          value={parentId}
          onChange={setParentId}
          excludeId={project.id}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!!titleError}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ProjectEditModal() {
  const { t } = useTranslation();
  return (
    <ProjectRouteModal title={(project) => t('projects.edit.title', { title: projectTitle(project, t) })}>
      {(project, close) => <EditForm project={project} close={close} />}
    </ProjectRouteModal>
  );
}
