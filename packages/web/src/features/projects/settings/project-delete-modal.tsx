/**
 * Deleting a project with its tasks and sub-projects, after confirmation (admins only). It goes to
 * the trash: the notice's Undo brings it all back.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Project } from '../../../api/projects';
import { queryKeys } from '../../../api/query-keys';
import { restoreDeleted, trashKeys } from '../../../api/trash';
import { showError } from '../../../ui/notices';
import { useSignedInUser } from '../../auth/use-current-user';
import { showDeletedWithUndo } from '../../trash/undo-notice';
import { childProjects } from '../project-tree';
import { removeProjectFromHistory } from '../recent-projects';
import { useDeleteProject, useProjects } from '../use-projects';
import { ProjectRouteModal } from './project-route-modal';

function DeleteForm({ project, close }: { project: Project; close: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const client = useQueryClient();
  const remove = useDeleteProject();
  // Plain calls, not a mutation hook: the Undo is clicked after this form has closed.
  const undo = {
    restore: () => restoreDeleted('project', project.id),
    restored: t('trash.restored', { title: project.title }),
    refresh: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.projects }),
        client.invalidateQueries({ queryKey: trashKeys.all }),
      ]),
  };
  const children = childProjects(useProjects().data ?? [], project.id, true);
  const blocked = user.settings.defaultProjectId === project.id;
  return (
    <Stack>
      <Text size="sm">
        {blocked ? t('projects.settings.defaultCannotDelete') : t('projects.delete.text')}
      </Text>
      {!blocked && children.length > 0 && (
        <Text size="sm" c="red">
          {t('projects.delete.children', { count: children.length })}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button
          color="red"
          disabled={blocked}
          loading={remove.isPending}
          onClick={() =>
            // The promise, not mutate's callbacks: the live socket may close this screen (the
            // project is gone) before the answer arrives, and the user must still be told.
            remove.mutateAsync(project).then(
              () => {
                removeProjectFromHistory(project.id);
                showDeletedWithUndo(t, t('projects.delete.success'), undo);
                navigate('/projects', { replace: true });
              },
              (error) => showError(t, error),
            )
          }
        >
          {t('projects.delete.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ProjectDeleteModal() {
  const { t } = useTranslation();
  return (
    <ProjectRouteModal title={(project) => t('projects.delete.title', { title: project.title })}>
      {(project, close) => <DeleteForm project={project} close={close} />}
    </ProjectRouteModal>
  );
}
