/** Saving a project as a template (project.settings.template). */
import { useTranslation } from 'react-i18next';
import { SaveTemplateForm } from '../../templates/save-template-form';
import { ProjectRouteModal } from './project-route-modal';

export function ProjectTemplateModal() {
  const { t } = useTranslation();
  return (
    <ProjectRouteModal title={(project) => t('templates.save.title', { title: project.title })}>
      {(project, close) => (
        <SaveTemplateForm kind="project" sourceId={project.id} defaultTitle={project.title} onDone={close} />
      )}
    </ProjectRouteModal>
  );
}
