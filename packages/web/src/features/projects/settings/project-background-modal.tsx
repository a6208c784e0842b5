/**
 * The project's background (project.settings.background): the current image, a new one by file
 * dialog or drag and drop, and removal. Each change is confirmed or its error shown as a notice.
 */
import { Button, Group, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/api-error';
import type { Project } from '../../../api/projects';
import { showError, showSuccess } from '../../../ui/notices';
import { BackgroundDropZone } from '../background/background-drop-zone';
import { BackgroundPreview } from '../background/background-preview';
import { hasBackground } from '../background/use-background-image';
import { useRemoveBackground, useUploadBackground } from '../background/use-background-mutations';
import { ProjectRouteModal } from './project-route-modal';

/** The server refuses a file that does not decode as a picture with a bare 400 message. */
function isNotAnImage(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 400 && error.code === undefined;
}

function BackgroundForm({ project, close }: { project: Project; close: () => void }) {
  const { t } = useTranslation();
  const upload = useUploadBackground(project.id);
  const remove = useRemoveBackground(project.id);
  const busy = upload.isPending || remove.isPending;

  const onFile = (file: File) => {
    if (file.type && !file.type.startsWith('image/')) {
      showError(t, new Error(t('projects.background.notImage')));
      return;
    }
    upload.mutate(file, {
      onSuccess: () => showSuccess(t, t('projects.background.saved')),
      onError: (error) =>
        showError(t, isNotAnImage(error) ? new Error(t('projects.background.notImage')) : error),
    });
  };

  return (
    <Stack>
      <BackgroundPreview project={project} />
      <BackgroundDropZone busy={upload.isPending} onFile={onFile} />
      <Group justify="space-between">
        {hasBackground(project) ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            disabled={busy && !remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => showSuccess(t, t('projects.background.removed')),
                onError: (error) => showError(t, error),
              })
            }
          >
            {t('projects.background.remove')}
          </Button>
        ) : (
          <span />
        )}
        <Button variant="default" onClick={close}>
          {t('projects.background.close')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ProjectBackgroundModal() {
  const { t } = useTranslation();
  return (
    <ProjectRouteModal
      size="lg"
      title={(project) => t('projects.background.title', { title: project.title })}
    >
      {(project, close) => <BackgroundForm project={project} close={close} />}
    </ProjectRouteModal>
  );
}
