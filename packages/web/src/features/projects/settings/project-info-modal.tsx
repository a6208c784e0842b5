/** The project description (project.info), reached from the header's info button. */
import { Text, TypographyStylesProvider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { projectTitle } from '../project-title';
import { ProjectRouteModal } from './project-route-modal';

/** Descriptions may be rich text from other clients; they are shown as plain text, never as HTML. */
export function descriptionText(description: string): string {
  if (!/<[a-z][\s\S]*>/i.test(description)) return description;
  const doc = new DOMParser().parseFromString(description.replace(/<\/(p|li|h\d)>/gi, '$&\n'), 'text/html');
  return (doc.body.textContent ?? '').trim();
}

export function ProjectInfoModal() {
  const { t } = useTranslation();
  return (
    <ProjectRouteModal title={(project) => projectTitle(project, t)} size="lg">
      {(project) => (
        <TypographyStylesProvider>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{descriptionText(project.description)}</Text>
        </TypographyStylesProvider>
      )}
    </ProjectRouteModal>
  );
}
