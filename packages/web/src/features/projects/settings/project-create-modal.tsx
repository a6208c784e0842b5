/**
 * Creating a project (spec 2 §2 project.create, project.createFromParent): a modal with the title
 * (required), an optional parent — preset from the route — and a colour. A user with project
 * templates may start from one instead of a blank project (it brings its own colour). Opens the
 * new project.
 */
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { Project } from '../../../api/projects';
import { queryKeys } from '../../../api/query-keys';
import { createProjectFromTemplate, fetchTemplates, templateKeys } from '../../../api/templates';
import { Modal } from '../../../ui/modal';
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
  const client = useQueryClient();
  const templates = useQuery({ queryKey: templateKeys.all, queryFn: fetchTemplates });
  const projectTemplates = (templates.data ?? []).filter((template) => template.kind === 'project');
  const [templateId, setTemplateId] = useState(0);
  const fromTemplate = useMutation({
    mutationFn: (input: { title: string; parentProjectId: number }) =>
      createProjectFromTemplate(templateId, input.title, input.parentProjectId),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.projects }),
  });
  const [title, setTitle] = useState('');
  const [parentId, setParentId] = useState(presetParent);
  const [color, setColor] = useState('');
  const [touched, setTouched] = useState(false);
  const titleError = touched && !title.trim() ? t('projects.form.titleRequired') : null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!title.trim()) return;
    const done = {
      onSuccess: (project: Project) => {
        showSuccess(t, t('projects.create.success'));
        navigate(`/projects/${project.id}`, { replace: true });
      },
      onError: (error: unknown) => showError(t, error),
    };
    if (templateId > 0) fromTemplate.mutate({ title: title.trim(), parentProjectId: parentId }, done);
    else create.mutate({ title: title.trim(), parentProjectId: parentId, hexColor: color }, done);
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
          {projectTemplates.length > 0 && (
            <Select
              label={t('projects.create.startFrom')}
              data={[
                { value: '0', label: t('projects.create.blank') },
                ...projectTemplates.map((template) => ({
                  value: String(template.id),
                  label: template.title,
                })),
              ]}
              value={String(templateId)}
              onChange={(next) => setTemplateId(Number(next ?? 0))}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {templateId === 0 && <ProjectColorInput value={color} onChange={setColor} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || fromTemplate.isPending}>
              {t('projects.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
