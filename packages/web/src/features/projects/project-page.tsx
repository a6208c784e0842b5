/**
 * A project (spec 2 §2 project.view and its modals): header with title, info button and settings
 * menu, the view switcher, and the current view. Modal routes (settings, info, new sub-project)
 * render over the remembered view; `project.index` goes to the remembered view.
 */
import { Alert, Anchor, Badge, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import { type DefaultView, presencePlace } from '@ordo/core';
import { IconArchive } from '@tabler/icons-react';
import { hashKey, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useNavigate, useParams } from 'react-router';
import { FAVORITES_PROJECT_ID, type Project } from '../../api/projects';
import { queryKeys } from '../../api/query-keys';
import type { ProjectView } from '../../api/views';
import { projectViewShortcuts } from '../../app/shortcuts/shortcut-catalogue';
import { useShortcut } from '../../app/shortcuts/shortcuts';
import { errorText } from '../../i18n/error-text';
import { DelayedLoader } from '../../ui/delayed-loader';
import { RedirectUnlessMovedOn } from '../../ui/redirect-unless-moved-on';
import { useCurrentUser } from '../auth/use-current-user';
import { useLinkShareSession } from '../link-share/link-share-session';
import { PresenceAvatars } from '../live/presence';
import { useLiveProject } from '../live/use-live-project';
import { OtherProjectProvider } from '../project-views/other-project';
import { isSupportedView, viewComponents } from '../project-views/view-kinds';
import { hasDescription } from './project-description';
import { ProjectInfoButton } from './project-info-button';
import { projectTitle } from './project-title';
import { projectAncestors } from './project-tree';
import { rememberView, sortedViews, viewToOpen } from './project-view-preference';
import { saveProjectToHistory } from './recent-projects';
import { ProjectSettingsMenu } from './settings/project-settings-menu';
import { useProject, useProjects } from './use-projects';
import { ViewSwitcher } from './view-switcher';
import { canWriteInViews } from './view-write-right';

function supportedViews(project: Project): ProjectView[] {
  return sortedViews(project.views).filter((v) => isSupportedView(v.viewKind));
}

/** Binds g l / g g / g t / g k to the first view of that kind, when the project has one. */
function ViewShortcut({ project, kind }: { project: Project; kind: keyof typeof projectViewShortcuts }) {
  const navigate = useNavigate();
  const target = supportedViews(project).find((v) => v.viewKind === kind);
  useShortcut(
    target ? projectViewShortcuts[kind] : undefined,
    () => target && navigate(`/projects/${project.id}/${target.id}`),
  );
  return null;
}

function ProjectHeader({ project, viewId }: { project: Project; viewId: number | null }) {
  const { t } = useTranslation();
  const all = useProjects().data ?? [];
  const ancestors = projectAncestors(all, project);
  const title = projectTitle(project, t);
  const linkShare = useLinkShareSession();
  const archived = project.isArchived && (
    <Badge color="orange" variant="light" leftSection={<IconArchive size={12} />} w="fit-content">
      {t('projects.archived')}
    </Badge>
  );
  // The link-share shell's header names the project and links its info: repeating them here would
  // show the title twice.
  if (linkShare) return archived || null;
  return (
    <Stack gap={4}>
      {ancestors.length > 0 && (
        <Breadcrumbs separatorMargin={6}>
          {ancestors.map((a) => (
            <Anchor key={a.id} component={Link} to={`/projects/${a.id}`} size="sm" c="dimmed">
              {a.title}
            </Anchor>
          ))}
        </Breadcrumbs>
      )}
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {title || t('projects.loading')}
          </Title>
          {archived}
          {hasDescription(project.description) && <ProjectInfoButton projectId={project.id} />}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {viewId !== null && <PresenceAvatars projectId={project.id} place={presencePlace.view(viewId)} />}
          {project.id !== FAVORITES_PROJECT_ID && <ProjectSettingsMenu project={project} />}
        </Group>
      </Group>
    </Stack>
  );
}

/** The user's default view kind; a link share has no settings and opens the first view. */
function useDefaultView(): DefaultView {
  return useCurrentUser().data?.settings.frontendSettings.defaultView ?? 'first';
}

/** The view the page shows: the one in the address, else the remembered or default one. */
function viewOf(
  project: Project,
  viewIdParam: string | undefined,
  defaultView: DefaultView,
): ProjectView | null {
  const views = supportedViews(project);
  if (viewIdParam) return views.find((v) => v.id === Number(viewIdParam)) ?? null;
  return viewToOpen(project.id, views, localStorage, defaultView);
}

/**
 * Loads the view's code as soon as the projects are known, not once this page has drawn with
 * them: on a first visit that code is a download of its own (for the list some thirty small
 * chunks, six at a time over HTTP/1.1), which otherwise waited for a render of the whole page.
 * Answers a function that stops listening.
 */
function preloadViewCodeWhenKnown(
  client: QueryClient,
  projectId: number,
  viewIdParam: string | undefined,
  defaultView: DefaultView,
): () => void {
  // True once the projects are known, whether or not they hold the view.
  const preload = () => {
    const projects = client.getQueryData<Project[]>(queryKeys.projects);
    if (!projects) return false;
    const project = projects.find((p) => p.id === projectId);
    const view = project && viewOf(project, viewIdParam, defaultView);
    // A failed download shows when the view is drawn.
    if (view) viewComponents[view.viewKind]?.preload().catch(() => undefined);
    return true;
  };
  if (preload()) return () => {};
  // The cache tells its listeners before React draws what changed. A failed read of the projects
  // ends the wait too: the page shows the error, and there is no view to load.
  const projectsHash = hashKey(queryKeys.projects);
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== projectsHash) return;
    if (event.action.type === 'error' || (event.action.type === 'success' && preload())) unsubscribe();
  });
  return unsubscribe;
}

function usePreloadViewCode(projectId: number, viewIdParam: string | undefined, defaultView: DefaultView) {
  const client = useQueryClient();
  useEffect(
    () => preloadViewCodeWhenKnown(client, projectId, viewIdParam, defaultView),
    [client, projectId, viewIdParam, defaultView],
  );
}

export function ProjectPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = Number(params.projectId);
  const { project, isLoading, error } = useProject(projectId);
  const defaultView = useDefaultView();
  useLiveProject(projectId);
  usePreloadViewCode(projectId, params.viewId, defaultView);

  const view = project ? viewOf(project, params.viewId, defaultView) : null;

  useEffect(() => {
    if (project && params.viewId && view) {
      rememberView(project.id, view.id);
      if (project.id > 0) saveProjectToHistory(project.id);
    }
  }, [project, params.viewId, view]);

  if (!Number.isInteger(projectId)) return <Navigate to="/projects" replace />;
  if (isLoading) return <DelayedLoader label={t('projects.loading')} />;
  if (error || !project)
    return <Alert color="red">{error ? errorText(error, t) : t('projects.notFound')}</Alert>;

  const canWrite = canWriteInViews(project);
  const View = view ? viewComponents[view.viewKind] : undefined;

  return (
    <Stack gap="lg">
      {(['list', 'gantt', 'table', 'kanban'] as const).map((kind) => (
        <ViewShortcut key={kind} project={project} kind={kind} />
      ))}
      <ProjectHeader project={project} viewId={view?.id ?? null} />
      {project.isArchived && (
        <Alert color="orange" icon={<IconArchive size={18} />} role="status">
          {t('projects.archivedNotice')}
        </Alert>
      )}
      <ViewSwitcher projectId={project.id} views={supportedViews(project)} current={view} />
      {params.viewId && !view ? (
        <Alert color="yellow">{t('projects.viewUnavailable')}</Alert>
      ) : view && View ? (
        <Suspense fallback={<DelayedLoader label={t('projects.loading')} />}>
          <OtherProjectProvider viewProjectId={project.id}>
            <View key={view.id} project={project} view={view} canWrite={canWrite} />
          </OtherProjectProvider>
        </Suspense>
      ) : (
        <Text c="dimmed">{t('projects.noViews')}</Text>
      )}
      <Outlet />
    </Stack>
  );
}

/** `project.index`: on to the remembered view (or the first), keeping the page as backdrop. */
export function ProjectIndexRedirect() {
  const projectId = Number(useParams().projectId);
  const { project } = useProject(projectId);
  const defaultView = useDefaultView();
  if (!project) return null;
  const view = viewToOpen(projectId, supportedViews(project), localStorage, defaultView);
  return view ? <RedirectUnlessMovedOn to={`/projects/${projectId}/${view.id}`} /> : null;
}

/** `project.view`: the page above renders the view; this route only carries the view id. */
export function ProjectViewRoute() {
  return null;
}
