/**
 * The link-share shell (spec 1 §2 "Shells", spec 2 §2 "Link-share project shell"): the logo when
 * the link allows it, the shared project's title, and the page — no side navigation, no user
 * menu, no saved filters. Kanban and gantt views get the full width. The visitor stays inside the
 * shared project: the start page leads to it, anything else is refused, and the share hash is
 * kept in the URL so a reload can authenticate again.
 * `SessionShell` picks this shell for a link-share token and the signed-in shell otherwise.
 */
import { Alert, AppShell, Box, Button, Divider, Group, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { SessionKeeper } from '../../features/auth/session-keeper';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { linkShareAccess, projectPath } from '../../features/link-share/link-share-routes';
import {
  isLinkShareLogoVisible,
  type LinkShareSession,
  linkShareHash,
  shareHashIn,
  useLinkShareSession,
} from '../../features/link-share/link-share-session';
import { isFullWidthView } from '../../features/project-views/full-width-views';
import {
  backdropSurfaceClass,
  ProjectBackdrop,
  useBackdropProject,
} from '../../features/projects/background/project-backdrop';
import { ProjectInfoButton } from '../../features/projects/project-info-button';
import { projectTitle } from '../../features/projects/project-title';
import { useProject } from '../../features/projects/use-projects';
import { DelayedLoader } from '../../ui/delayed-loader';
import { Logo } from '../../ui/logo';
import { BackdropOutlet } from '../backdrop-outlet';
import { backdropOf } from '../backdrop-state';
import { useColorSchemeSetting } from './color-scheme';
import { SignedInShell } from './signed-in-shell';

// The signed-in pages are imported from this chunk (signed-in-routes.tsx, `shellPage`).
export { signedInPages } from './signed-in-pages';

export function SessionShell() {
  const session = useLinkShareSession();
  return session ? <LinkShareShell session={session} /> : <SignedInShell />;
}

function LinkShareShell({ session }: { session: LinkShareSession }) {
  const { t } = useTranslation();
  const location = useLocation();
  const user = useCurrentUser();
  const { project } = useProject(session.projectId);
  const backdropProject = useBackdropProject();
  useColorSchemeSetting(user.data?.settings.frontendSettings.colorSchema ?? 'auto');

  const urlShare = shareHashIn(location.hash);
  // Another share's link opened in this tab: authenticate that share instead.
  if (urlShare && urlShare !== session.hash) return <Navigate to={`/share/${urlShare}/auth`} replace />;
  // Links inside the app drop the hash; put it back so the page can be reloaded or passed on.
  if (!urlShare) {
    return (
      <Navigate
        to={{ pathname: location.pathname, search: location.search, hash: linkShareHash(session.hash) }}
        state={location.state}
        replace
      />
    );
  }

  const access = linkShareAccess(location.pathname, session.projectId);
  if (access === 'to-project') return <Navigate to={projectPath(session.projectId, session.hash)} replace />;

  // Under the task detail, the board or chart it was opened from keeps its width.
  const fullWidth = isFullWidthView((backdropOf(location) ?? location).pathname, project?.views);
  const title = project ? projectTitle(project, t) : '';

  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <SessionKeeper />
      <AppShell.Header>
        <Group h="100%" px="md" gap="md" wrap="nowrap">
          {isLinkShareLogoVisible() && (
            <>
              <Box style={{ flexShrink: 0 }} data-testid="link-share-logo">
                <Logo size={28} />
              </Box>
              <Divider orientation="vertical" my="md" />
            </>
          )}
          {/* The page's heading: the project page leaves its own title out in this shell. */}
          <Title
            order={1}
            fz="lg"
            fw={600}
            lineClamp={1}
            style={{ minWidth: 0, overflowWrap: 'anywhere' }}
            data-testid="link-share-project-title"
          >
            {title || t('linkShare.loadingProject')}
          </Title>
          {project?.description && <ProjectInfoButton projectId={project.id} />}
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        {backdropProject && <ProjectBackdrop project={backdropProject} />}
        <Box
          px={{ base: 'md', sm: 'xl' }}
          py="xl"
          maw={fullWidth ? undefined : 1100}
          mx="auto"
          className={backdropProject ? backdropSurfaceClass : undefined}
        >
          {!user.data ? (
            <DelayedLoader label={t('ready.loading')} />
          ) : access === 'refuse' ? (
            <Alert
              color="red"
              icon={<IconLock size={18} />}
              title={t('linkShare.refused.title')}
              role="alert"
            >
              <Text size="sm" mb="sm">
                {title ? t('linkShare.refused.text', { title }) : t('linkShare.refused.textUntitled')}
              </Text>
              <Button
                component={Link}
                to={projectPath(session.projectId, session.hash)}
                size="xs"
                variant="light"
              >
                {t('linkShare.refused.back')}
              </Button>
            </Alert>
          ) : (
            <Suspense fallback={<DelayedLoader label={t('ready.loading')} />}>
              <BackdropOutlet />
            </Suspense>
          )}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
