/**
 * The project's webhooks (project.settings.webhooks, a modal over the project; spec 2 §2, §3):
 * read & write users see, add, change and delete them; the server shows them to nobody else, so
 * read-only users are told so instead of being shown an error. Link shares and pseudo projects
 * have none.
 */
import { Alert } from '@mantine/core';
import { Right } from '@ordo/core';
import { useTranslation } from 'react-i18next';
import { useLinkShareSession } from '../link-share/link-share-session';
import { ProjectRouteModal } from '../projects/settings/project-route-modal';
import { WebhookList } from './webhook-list';

export function ProjectWebhooksModal() {
  const { t } = useTranslation();
  const linkShare = useLinkShareSession();
  return (
    <ProjectRouteModal title={(project) => t('webhooks.title', { title: project.title })} size="xl">
      {(project) =>
        linkShare || project.id <= 0 ? (
          <Alert color="yellow">{t('webhooks.unavailable')}</Alert>
        ) : (project.maxRight ?? Right.read) < Right.write ? (
          <Alert color="yellow">{t('webhooks.writersOnly')}</Alert>
        ) : (
          <WebhookList owner={project.id} />
        )
      }
    </ProjectRouteModal>
  );
}
