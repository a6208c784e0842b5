/**
 * Settings modals of one project share this frame: the project from the cache, a loader while it
 * arrives, and closing back to the page behind.
 */
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Project } from '../../../api/projects';
import { errorText } from '../../../i18n/error-text';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { Modal } from '../../../ui/modal';
import { useProject } from '../use-projects';
import { useCloseModal } from './use-close-modal';

export function useRouteProject() {
  const projectId = Number(useParams().projectId);
  return { projectId, ...useProject(projectId) };
}

export function ProjectRouteModal({
  title,
  size = 'md',
  children,
}: {
  title: (project: Project) => string;
  size?: string;
  children: (project: Project, close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const { projectId, project, error } = useRouteProject();
  const close = useCloseModal(`/projects/${projectId}`);
  return (
    <Modal
      opened
      onClose={close}
      title={project ? title(project) : t('projects.loading')}
      size={size}
      centered
    >
      {error ? (
        <Alert color="red">{errorText(error, t)}</Alert>
      ) : project ? (
        children(project, close)
      ) : (
        <DelayedLoader label={t('projects.loading')} minHeight={120} />
      )}
    </Modal>
  );
}
