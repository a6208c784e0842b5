/**
 * The signed-in pages (spec 1 §2), in whichever shell holds the session. Every page loads on first
 * use (lazy-page.ts), so the first download holds neither the shell nor a page. BackdropOutlet
 * renders this table again for the page under a modal route.
 */
import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
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
    const shell = await import('./shell/link-share-shell');
    return shell.signedInPages[page]();
  };
  return load as SignedInPages[K];
}

const HomePage = lazyPage(shellPage('homePage'), 'HomePage');
const ProjectPage = lazyPage(shellPage('projectPage'), 'ProjectPage');
const ProjectIndexRedirect = lazyPage(shellPage('projectPage'), 'ProjectIndexRedirect');
const ProjectViewRoute = lazyPage(shellPage('projectPage'), 'ProjectViewRoute');
const ProjectsIndexPage = lazyPage(shellPage('projectsIndexPage'), 'ProjectsIndexPage');
const TaskDetailRoute = lazyPage(shellPage('taskDetailRoute'), 'TaskDetailRoute');
const UpcomingPage = lazyPage(shellPage('upcomingPage'), 'UpcomingPage');

const AboutPage = lazyPage(shellPage('aboutPage'), 'AboutPage');
const DataExportSettingsPage = lazyPage(shellPage('dataExportSettingsPage'), 'DataExportSettingsPage');
const DeletionSettingsPage = lazyPage(shellPage('deletionSettingsPage'), 'DeletionSettingsPage');
const EmailSettingsPage = lazyPage(shellPage('emailSettingsPage'), 'EmailSettingsPage');
const ExportDownloadPage = lazyPage(shellPage('exportDownloadPage'), 'ExportDownloadPage');
const SavedFilterCreatePage = lazyPage(shellPage('savedFilterCreateModal'), 'SavedFilterCreatePage');
const DeleteSettingsRoute = lazyPage(shellPage('settingsRoutes'), 'DeleteSettingsRoute');
const EditSettingsRoute = lazyPage(shellPage('settingsRoutes'), 'EditSettingsRoute');
const LabelsPage = lazyPage(shellPage('labelsPage'), 'LabelsPage');
const TrashPage = lazyPage(shellPage('trashPage'), 'TrashPage');
const TemplatesPage = lazyPage(shellPage('templatesPage'), 'TemplatesPage');
const MigrateServicePage = lazyPage(shellPage('migrateServicePage'), 'MigrateServicePage');
const MigrateSettingsPage = lazyPage(shellPage('migrateSettingsPage'), 'MigrateSettingsPage');
const ProjectExportModal = lazyPage(shellPage('projectExportModal'), 'ProjectExportModal');
const ProjectArchiveModal = lazyPage(shellPage('projectArchiveModal'), 'ProjectArchiveModal');
const ProjectBackgroundModal = lazyPage(shellPage('projectBackgroundModal'), 'ProjectBackgroundModal');
const ProjectCreateModal = lazyPage(shellPage('projectCreateModal'), 'ProjectCreateModal');
const ProjectDuplicateModal = lazyPage(shellPage('projectDuplicateModal'), 'ProjectDuplicateModal');
const ProjectTemplateModal = lazyPage(shellPage('projectTemplateModal'), 'ProjectTemplateModal');
const ProjectActivityModal = lazyPage(shellPage('projectActivityModal'), 'ProjectActivityModal');
const ProjectInfoModal = lazyPage(shellPage('projectInfoModal'), 'ProjectInfoModal');
const ProjectFieldsModal = lazyPage(shellPage('projectFieldsModal'), 'ProjectFieldsModal');
const ProjectViewsModal = lazyPage(shellPage('projectViewsModal'), 'ProjectViewsModal');
const UserWebhooksPage = lazyPage(shellPage('userWebhooksPage'), 'UserWebhooksPage');
const ApiTokensPage = lazyPage(shellPage('apiTokensPage'), 'ApiTokensPage');
const AvatarSettingsPage = lazyPage(shellPage('avatarSettingsPage'), 'AvatarSettingsPage');
const CaldavSettingsPage = lazyPage(shellPage('caldavSettingsPage'), 'CaldavSettingsPage');
const GeneralSettingsPage = lazyPage(shellPage('generalSettingsPage'), 'GeneralSettingsPage');
const PasswordSettingsPage = lazyPage(shellPage('passwordSettingsPage'), 'PasswordSettingsPage');
const SettingsLayout = lazyPage(shellPage('settingsLayout'), 'SettingsLayout');
const TwoFactorSettingsPage = lazyPage(shellPage('twoFactorSettingsPage'), 'TwoFactorSettingsPage');
const ProjectShareModal = lazyPage(shellPage('projectShareModal'), 'ProjectShareModal');
const TeamEditPage = lazyPage(shellPage('teamEditPage'), 'TeamEditPage');
const TeamsPage = lazyPage(shellPage('teamsPage'), 'TeamsPage');
const ProjectWebhooksModal = lazyPage(shellPage('projectWebhooksModal'), 'ProjectWebhooksModal');

export const signedInRoutes: RouteObject[] = [
  { index: true, element: <HomePage />, handle: { title: 'home.title' } },
  { path: 'about', element: <AboutPage />, handle: { title: 'about.title' } },
  { path: 'labels', element: <LabelsPage />, handle: { title: 'labels.title' } },
  { path: 'trash', element: <TrashPage />, handle: { title: 'trash.title' } },
  { path: 'templates', element: <TemplatesPage />, handle: { title: 'templates.title' } },
  { path: 'labels/new', element: <LabelsPage />, handle: { title: 'labels.create' } },
  { path: 'tasks/:id', element: <TaskDetailRoute />, handle: { title: 'tasks.detail.title' } },
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
    handle: { title: 'projects.project' },
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
