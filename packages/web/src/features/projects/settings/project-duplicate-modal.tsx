/** Duplicating a project with its views, tasks and labels (project.settings.duplicate). */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Project } from '../../../api/projects';
import { showError, showSuccess } from '../../../ui/notices';
import { useDuplicateProject, useProjects } from '../use-projects';
import { ParentProjectSelect } from './parent-project-select';
import { ProjectRouteModal } from './project-route-modal';

function DuplicateForm({ project, close }: { project: Project; close: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projects = useProjects().data ?? [];
  const duplicate = useDuplicateProject();
  const [parentId, setParentId] = useState(project.parentProjectId);
  return (
    <Stack>
      <Text size="sm">{t('projects.duplicate.text')}</Text>
      <ParentProjectSelect projects={projects} value={parentId} onChange={setParentId} />
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button
          loading={duplicate.isPending}
          onClick={() =>
            duplicate.mutate(
              { project, parentProjectId: parentId },
              {
                onSuccess: (copy) => {
                  showSuccess(t, t('projects.duplicate.success'));
                  navigate(`/projects/${copy.id}`, { replace: true });
                },
                onError: (error) => showError(t, error),
              },
            )
          }
        >
          {t('projects.duplicate.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ProjectDuplicateModal() {
  const { t } = useTranslation();
  return (
    <ProjectRouteModal title={(project) => t('projects.duplicate.title', { title: project.title })}>
      {(project, close) => <DuplicateForm project={project} close={close} />}
    </ProjectRouteModal>
  );
}
