/**
 * The signed-in pages (spec 1 §2), in whichever shell holds the session. Every page loads on first
 * use (lazy-page.ts), so the first download holds neither the shell nor a page. BackdropOutlet
 * renders this table again for the page under a modal route.
 */
import { Navigate, type RouteObject } from 'react-router';
import { openAtHome } from '../features/home/open-at-home';
import { openAtProject } from '../features/projects/open-at-project';
import { openAtTask } from '../features/tasks/open-at-task';
import { lazyPage, type OpeningHandle } from './lazy-page';
import { TaskNotSavedOffline } from './offline/not-saved-offline';
import { preloadPageFiles } from './page-files';
import { queryClient } from './query-client';
import type { RouteHandle } from './route-title';
import type { SignedInPages } from './shell/signed-in-pages';

/**
 * A page's module, asked for by the session shell's module (shell/signed-in-pages.ts) once that
 * has loaded. Since every page is loaded from the shell, the bundler knows the shell's code is
 * there when a page loads and keeps what both use in the shell's chunk, instead of splitting it
 * into many small chunks of its own: a page draws from a handful of files, not dozens, which on
 * a slow phone's connection (six requests at a time over HTTP/1.1) is what the screen waits for.
 */
function shellPage<K extends keyof SignedInPages>(page: K): SignedInPages[K] {
  // The cast: TypeScript cannot follow the key from the table's union to the one entry.
  const load = async (): Promise<unknown> => {
    // The page's files go out now, beside the shell's, not once the shell has loaded.
    preloadPageFiles(page);
    const shell = await import('./shell/link-share-shell');
    return shell.signedInPages[page]();
  };
  return load as SignedInPages[K];
}

const HomePage = lazyPage(shellPage('features/home/home-page'), 'HomePage');
const ProjectPage = lazyPage(shellPage('features/projects/project-page'), 'ProjectPage');
const ProjectIndexRedirect = lazyPage(shellPage('features/projects/project-page'), 'ProjectIndexRedirect');
const ProjectViewRoute = lazyPage(shellPage('features/projects/project-page'), 'ProjectViewRoute');
const ProjectsIndexPage = lazyPage(shellPage('features/projects/projects-index-page'), 'ProjectsIndexPage');
const TaskDetailRoute = lazyPage(
  shellPage('features/tasks/task-detail-route'),
  'TaskDetailRoute',
  TaskNotSavedOffline,
);
const UpcomingPage = lazyPage(shellPage('features/upcoming/upcoming-page'), 'UpcomingPage');

const AboutPage = lazyPage(shellPage('features/about/about-page'), 'AboutPage');
const DataExportSettingsPage = lazyPage(
  shellPage('features/account/data-export-settings-page'),
  'DataExportSettingsPage',
);
const DeletionSettingsPage = lazyPage(
  shellPage('features/account/deletion-settings-page'),
  'DeletionSettingsPage',
);
const EmailSettingsPage = lazyPage(shellPage('features/account/email-settings-page'), 'EmailSettingsPage');
const ExportDownloadPage = lazyPage(shellPage('features/account/export-download-page'), 'ExportDownloadPage');
const SavedFilterCreatePage = lazyPage(
  shellPage('features/filters/saved-filter-create-modal'),
  'SavedFilterCreatePage',
);
const DeleteSettingsRoute = lazyPage(shellPage('features/filters/settings-routes'), 'DeleteSettingsRoute');
const EditSettingsRoute = lazyPage(shellPage('features/filters/settings-routes'), 'EditSettingsRoute');
const LabelsPage = lazyPage(shellPage('features/labels/labels-page'), 'LabelsPage');
const TrashPage = lazyPage(shellPage('features/trash/trash-page'), 'TrashPage');
const TemplatesPage = lazyPage(shellPage('features/templates/templates-page'), 'TemplatesPage');
const MigrateServicePage = lazyPage(
  shellPage('features/migration/migrate-service-page'),
  'MigrateServicePage',
);
const MigrateSettingsPage = lazyPage(
  shellPage('features/migration/migrate-settings-page'),
  'MigrateSettingsPage',
);
const ProjectExportModal = lazyPage(
  shellPage('features/projects/export/project-export-modal'),
  'ProjectExportModal',
);
const ProjectArchiveModal = lazyPage(
  shellPage('features/projects/settings/project-archive-modal'),
  'ProjectArchiveModal',
);
const ProjectBackgroundModal = lazyPage(
  shellPage('features/projects/settings/project-background-modal'),
  'ProjectBackgroundModal',
);
const ProjectCreateModal = lazyPage(
  shellPage('features/projects/settings/project-create-modal'),
  'ProjectCreateModal',
);
const ProjectDuplicateModal = lazyPage(
  shellPage('features/projects/settings/project-duplicate-modal'),
  'ProjectDuplicateModal',
);
const ProjectTemplateModal = lazyPage(
  shellPage('features/projects/settings/project-template-modal'),
  'ProjectTemplateModal',
);
const ProjectActivityModal = lazyPage(
  shellPage('features/projects/activity/project-activity-modal'),
  'ProjectActivityModal',
);
const ProjectInfoModal = lazyPage(
  shellPage('features/projects/settings/project-info-modal'),
  'ProjectInfoModal',
);
const ProjectFieldsModal = lazyPage(
  shellPage('features/custom-fields/project-fields-modal'),
  'ProjectFieldsModal',
);
const ProjectViewsModal = lazyPage(
  shellPage('features/projects/settings/project-views-modal'),
  'ProjectViewsModal',
);
const UserWebhooksPage = lazyPage(shellPage('features/webhooks/user-webhooks-page'), 'UserWebhooksPage');
const ApiTokensPage = lazyPage(shellPage('features/settings/api-tokens/api-tokens-page'), 'ApiTokensPage');
const AvatarSettingsPage = lazyPage(
  shellPage('features/settings/avatar-settings-page'),
  'AvatarSettingsPage',
);
const CaldavSettingsPage = lazyPage(
  shellPage('features/settings/caldav/caldav-settings-page'),
  'CaldavSettingsPage',
);
const SessionsSettingsPage = lazyPage(
  shellPage('features/settings/sessions/sessions-settings-page'),
  'SessionsSettingsPage',
);
const GeneralSettingsPage = lazyPage(
  shellPage('features/settings/general-settings-page'),
  'GeneralSettingsPage',
);
const PasswordSettingsPage = lazyPage(
  shellPage('features/settings/password-settings-page'),
  'PasswordSettingsPage',
);
const SettingsLayout = lazyPage(shellPage('features/settings/settings-layout'), 'SettingsLayout');
const TwoFactorSettingsPage = lazyPage(
  shellPage('features/settings/two-factor-settings-page'),
  'TwoFactorSettingsPage',
);
const ProjectShareModal = lazyPage(shellPage('features/sharing/project-share-modal'), 'ProjectShareModal');
const TeamEditPage = lazyPage(shellPage('features/teams/team-edit-page'), 'TeamEditPage');
const TeamsPage = lazyPage(shellPage('features/teams/teams-page'), 'TeamsPage');
const ProjectWebhooksModal = lazyPage(
  shellPage('features/webhooks/project-webhooks-modal'),
  'ProjectWebhooksModal',
);

export const signedInRoutes: RouteObject[] = [
  {
    index: true,
    element: <HomePage />,
    handle: { title: 'home.title', opening: () => openAtHome(queryClient) } satisfies RouteHandle &
      OpeningHandle,
  },
  { path: 'about', element: <AboutPage />, handle: { title: 'about.title' } },
  { path: 'labels', element: <LabelsPage />, handle: { title: 'labels.title' } },
  { path: 'trash', element: <TrashPage />, handle: { title: 'trash.title' } },
  { path: 'templates', element: <TemplatesPage />, handle: { title: 'templates.title' } },
  { path: 'labels/new', element: <LabelsPage />, handle: { title: 'labels.create' } },
  {
    path: 'tasks/:id',
    element: <TaskDetailRoute />,
    handle: {
      title: 'tasks.detail.title',
      opening: (params) => openAtTask(queryClient, params),
    } satisfies RouteHandle & OpeningHandle,
  },
  { path: 'tasks/by/upcoming', element: <UpcomingPage />, handle: { title: 'upcoming.title' } },
  { path: 'filters/new', element: <SavedFilterCreatePage />, handle: { title: 'filters.create.title' } },
  {
    path: 'projects',
    element: <ProjectsIndexPage />,
    handle: { title: 'projects.title' },
    children: [{ path: 'new', element: <ProjectCreateModal />, handle: { title: 'projects.create.title' } }],
  },
  {
    // Settings, info and new-sub-project modals render over the project's remembered view.
    path: 'projects/:projectId',
    element: <ProjectPage />,
    handle: {
      title: 'projects.project',
      opening: (params) => openAtProject(queryClient, params),
    } satisfies RouteHandle & OpeningHandle,
    children: [
      { index: true, element: <ProjectIndexRedirect /> },
      { path: 'new', element: <ProjectCreateModal />, handle: { title: 'projects.create.title' } },
      { path: 'info', element: <ProjectInfoModal /> },
      { path: 'activity', element: <ProjectActivityModal />, handle: { title: 'projects.activity.menu' } },
      { path: 'settings/edit', element: <EditSettingsRoute />, handle: { title: 'projects.settings.edit' } },
      {
        path: 'settings/background',
        element: <ProjectBackgroundModal />,
        handle: { title: 'projects.settings.background' },
      },
      {
        path: 'settings/duplicate',
        element: <ProjectDuplicateModal />,
        handle: { title: 'projects.settings.duplicate' },
      },
      {
        path: 'settings/template',
        element: <ProjectTemplateModal />,
        handle: { title: 'templates.save.menu' },
      },
      {
        path: 'settings/export',
        element: <ProjectExportModal />,
        handle: { title: 'projectExport.menu' },
      },
      {
        path: 'settings/archive',
        element: <ProjectArchiveModal />,
        handle: { title: 'projects.settings.archive' },
      },
      {
        path: 'settings/delete',
        element: <DeleteSettingsRoute />,
        handle: { title: 'projects.settings.delete' },
      },
      {
        path: 'settings/views',
        element: <ProjectViewsModal />,
        handle: { title: 'projects.settings.views' },
      },
      {
        path: 'settings/fields',
        element: <ProjectFieldsModal />,
        handle: { title: 'customFields.menu' },
      },
      { path: 'settings/share', element: <ProjectShareModal />, handle: { title: 'sharing.menu' } },
      { path: 'settings/webhooks', element: <ProjectWebhooksModal />, handle: { title: 'webhooks.menu' } },
      { path: ':viewId', element: <ProjectViewRoute /> },
    ],
  },
  { path: 'teams', element: <TeamsPage />, handle: { title: 'teams.title' } },
  { path: 'teams/new', element: <TeamsPage />, handle: { title: 'teams.create' } },
  { path: 'teams/:id/edit', element: <TeamEditPage />, handle: { title: 'teams.title' } },
  {
    path: 'user/settings',
    element: <SettingsLayout />,
    handle: { title: 'settings.title' },
    children: [
      { index: true, element: <Navigate to="general" replace /> },
      { path: 'general', element: <GeneralSettingsPage />, handle: { title: 'settings.general.title' } },
      {
        path: 'password-update',
        element: <PasswordSettingsPage />,
        handle: { title: 'settings.password.title' },
      },
      { path: 'totp', element: <TwoFactorSettingsPage />, handle: { title: 'settings.twoFactor.title' } },
      { path: 'sessions', element: <SessionsSettingsPage />, handle: { title: 'settings.sessions.title' } },
      { path: 'avatar', element: <AvatarSettingsPage />, handle: { title: 'settings.avatar.title' } },
      { path: 'caldav', element: <CaldavSettingsPage />, handle: { title: 'settings.caldav.title' } },
      { path: 'api-tokens', element: <ApiTokensPage />, handle: { title: 'settings.apiTokens.title' } },
      { path: 'webhooks', element: <UserWebhooksPage />, handle: { title: 'webhooks.userTitle' } },
      { path: 'email-update', element: <EmailSettingsPage />, handle: { title: 'settings.email.title' } },
      {
        path: 'data-export',
        element: <DataExportSettingsPage />,
        handle: { title: 'settings.dataExport.title' },
      },
      { path: 'deletion', element: <DeletionSettingsPage />, handle: { title: 'settings.deletion.title' } },
      { path: 'migrate', element: <MigrateSettingsPage />, handle: { title: 'migration.title' } },
    ],
  },
  { path: 'migrate/:service', element: <MigrateServicePage />, handle: { title: 'migration.title' } },
  {
    path: 'user/export/download',
    element: <ExportDownloadPage />,
    handle: { title: 'exportDownload.title' },
  },
];
