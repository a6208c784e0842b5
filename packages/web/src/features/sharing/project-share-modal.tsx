/**
 * The project share screen (project.settings.share, a modal over the project): the users and
 * teams the project is shared with, and its link shares. Rights decide what is offered (spec 2
 * §6, reference §4.11): everyone who reads the project sees the user and team shares; admins
 * manage them; link shares need read & write (the list needs admin) and are off when the server
 * disables link sharing. A link-share visitor cannot manage shares at all.
 */
import { Alert, Divider, Stack } from '@mantine/core';
import { Right } from '@ordo/core';
import { useTranslation } from 'react-i18next';
import { useServerInfo } from '../../app/server-info';
import { useLinkShareSession } from '../link-share/link-share-session';
import { ProjectRouteModal } from '../projects/settings/project-route-modal';
import { LinkShares } from './link-shares';
import { SharedTeams } from './shared-teams';
import { SharedUsers } from './shared-users';

export function ProjectShareModal() {
  const { t } = useTranslation();
  const info = useServerInfo();
  const linkShare = useLinkShareSession();
  return (
    <ProjectRouteModal title={(project) => t('sharing.title', { title: project.title })} size="xl">
      {(project) => {
        const right = project.maxRight ?? Right.read;
        if (linkShare || project.id <= 0) {
          return <Alert color="yellow">{t('sharing.unavailable')}</Alert>;
        }
        const admin = right === Right.admin;
        return (
          <Stack gap="lg">
            <SharedUsers project={project} admin={admin} />
            <Divider />
            <SharedTeams project={project} admin={admin} />
            {info?.linkSharingEnabled && right >= Right.write && (
              <>
                <Divider />
                <LinkShares project={project} right={right} />
              </>
            )}
          </Stack>
        );
      }}
    </ProjectRouteModal>
  );
}
