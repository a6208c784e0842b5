/**
 * Archiving and un-archiving (project.settings.archive). Archived projects and their children are
 * read-only; the default project cannot be archived.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../api/projects';
import { showSuccess } from '../../../ui/notices';
import { useSignedInUser } from '../../auth/use-current-user';
import { useSaveProject } from '../use-projects';
import { ProjectRouteModal } from './project-route-modal';

function ArchiveForm({ project, close }: { project: Project; close: () => void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const save = useSaveProject();
  const archiving = !project.isArchived;
  const blocked = archiving && user.settings.defaultProjectId === project.id;
  return (
    <Stack>
      <Text size="sm">
        {blocked
          ? t('projects.settings.defaultCannotArchive')
          : archiving
            ? t('projects.archive.text')
            : t('projects.archive.unarchiveText')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button
          color={archiving ? 'orange' : 'blue'}
          disabled={blocked}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { project, patch: { isArchived: archiving } },
              {
                onSuccess: () => {
                  showSuccess(
                    t,
                    archiving ? t('projects.archive.success') : t('projects.archive.unarchiveSuccess'),
                  );
                  close();
                },
              },
            )
          }
        >
          {archiving ? t('projects.settings.archive') : t('projects.settings.unarchive')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ProjectArchiveModal() {
  const { t } = useTranslation();
  return (
    <ProjectRouteModal
      title={(project) =>
        project.isArchived
          ? t('projects.archive.unarchiveTitle', { title: project.title })
          : t('projects.archive.title', { title: project.title })
      }
    >
      {(project, close) => <ArchiveForm project={project} close={close} />}
    </ProjectRouteModal>
  );
}
