/**
 * Creating a project (spec 2 §2 project.create, project.createFromParent): a modal with the title
 * (required), an optional parent — preset from the route — and a colour. Opens the new project.
 */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { showError, showSuccess } from '../../../ui/notices';
import { useCreateProject, useProjects } from '../use-projects';
import { ParentProjectSelect } from './parent-project-select';
import { ProjectColorInput } from './project-color-input';
import { useCloseModal } from './use-close-modal';

export function ProjectCreateModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const presetParent = Number(params.projectId ?? 0) || 0;
  const close = useCloseModal(presetParent ? `/projects/${presetParent}` : '/projects');
  const projects = useProjects().data ?? [];
  const create = useCreateProject();
  const [title, setTitle] = useState('');
  const [parentId, setParentId] = useState(presetParent);
  const [color, setColor] = useState('');
  const [touched, setTouched] = useState(false);
  const titleError = touched && !title.trim() ? t('projects.form.titleRequired') : null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!title.trim()) return;
    create.mutate(
      { title: title.trim(), parentProjectId: parentId, hexColor: color },
      {
        onSuccess: (project) => {
          showSuccess(t, t('projects.create.success'));
          navigate(`/projects/${project.id}`, { replace: true });
        },
        onError: (error) => showError(t, error),
      },
    );
  }

  return (
    <Modal opened onClose={close} title={t('projects.create.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('projects.form.title')}
            placeholder={t('projects.create.placeholder')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={titleError}
            required
            data-autofocus
          />
          <ParentProjectSelect projects={projects} value={parentId} onChange={setParentId} />
          <ProjectColorInput value={color} onChange={setColor} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('projects.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
