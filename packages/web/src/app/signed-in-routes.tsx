/**
 * The signed-in pages (spec 1 §2), in whichever shell holds the session. Every page loads on first
 * use (lazy-page.ts), so the first download holds only the shell. BackdropOutlet renders this table again for the page under a
 * modal route.
 */
import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

const HomePage = lazyPage(() => import('../features/home/home-page'), 'HomePage');
const ProjectPage = lazyPage(() => import('../features/projects/project-page'), 'ProjectPage');
const ProjectIndexRedirect = lazyPage(
  () => import('../features/projects/project-page'),
  'ProjectIndexRedirect',
);
const ProjectViewRoute = lazyPage(() => import('../features/projects/project-page'), 'ProjectViewRoute');
const ProjectsIndexPage = lazyPage(
  () => import('../features/projects/projects-index-page'),
  'ProjectsIndexPage',
);
const TaskDetailRoute = lazyPage(() => import('../features/tasks/task-detail-route'), 'TaskDetailRoute');
const UpcomingPage = lazyPage(() => import('../features/upcoming/upcoming-page'), 'UpcomingPage');

const AboutPage = lazyPage(() => import('../features/about/about-page'), 'AboutPage');
const DataExportSettingsPage = lazyPage(
  () => import('../features/account/data-export-settings-page'),
  'DataExportSettingsPage',
);
const DeletionSettingsPage = lazyPage(
  () => import('../features/account/deletion-settings-page'),
  'DeletionSettingsPage',
);
const EmailSettingsPage = lazyPage(
  () => import('../features/account/email-settings-page'),
  'EmailSettingsPage',
);
const ExportDownloadPage = lazyPage(
  () => import('../features/account/export-download-page'),
  'ExportDownloadPage',
);
const SavedFilterCreatePage = lazyPage(
  () => import('../features/filters/saved-filter-create-modal'),
  'SavedFilterCreatePage',
);
const DeleteSettingsRoute = lazyPage(
  () => import('../features/filters/settings-routes'),
  'DeleteSettingsRoute',
);
const EditSettingsRoute = lazyPage(() => import('../features/filters/settings-routes'), 'EditSettingsRoute');
const LabelsPage = lazyPage(() => import('../features/labels/labels-page'), 'LabelsPage');
const TrashPage = lazyPage(() => import('../features/trash/trash-page'), 'TrashPage');
const TemplatesPage = lazyPage(() => import('../features/templates/templates-page'), 'TemplatesPage');
const MigrateServicePage = lazyPage(
  () => import('../features/migration/migrate-service-page'),
  'MigrateServicePage',
);
const MigrateSettingsPage = lazyPage(
  () => import('../features/migration/migrate-settings-page'),
  'MigrateSettingsPage',
);
const ProjectExportModal = lazyPage(
  () => import('../features/projects/export/project-export-modal'),
  'ProjectExportModal',
);
const ProjectArchiveModal = lazyPage(
  () => import('../features/projects/settings/project-archive-modal'),
  'ProjectArchiveModal',
);
const ProjectBackgroundModal = lazyPage(
  () => import('../features/projects/settings/project-background-modal'),
  'ProjectBackgroundModal',
);
const ProjectCreateModal = lazyPage(
  () => import('../features/projects/settings/project-create-modal'),
  'ProjectCreateModal',
);
const ProjectDuplicateModal = lazyPage(
  () => import('../features/projects/settings/project-duplicate-modal'),
  'ProjectDuplicateModal',
);
const ProjectTemplateModal = lazyPage(
  () => import('../features/projects/settings/project-template-modal'),
  'ProjectTemplateModal',
);
const ProjectActivityModal = lazyPage(
  () => import('../features/projects/activity/project-activity-modal'),
  'ProjectActivityModal',
);
const ProjectInfoModal = lazyPage(
  () => import('../features/projects/settings/project-info-modal'),
  'ProjectInfoModal',
);
const ProjectFieldsModal = lazyPage(
  () => import('../features/custom-fields/project-fields-modal'),
  'ProjectFieldsModal',
);
const ProjectViewsModal = lazyPage(
  () => import('../features/projects/settings/project-views-modal'),
  'ProjectViewsModal',
);
const UserWebhooksPage = lazyPage(
  () => import('../features/webhooks/user-webhooks-page'),
  'UserWebhooksPage',
);
const ApiTokensPage = lazyPage(
  () => import('../features/settings/api-tokens/api-tokens-page'),
  'ApiTokensPage',
);
const AvatarSettingsPage = lazyPage(
  () => import('../features/settings/avatar-settings-page'),
  'AvatarSettingsPage',
);
const CaldavSettingsPage = lazyPage(
  () => import('../features/settings/caldav/caldav-settings-page'),
  'CaldavSettingsPage',
);
const GeneralSettingsPage = lazyPage(
  () => import('../features/settings/general-settings-page'),
  'GeneralSettingsPage',
);
const PasswordSettingsPage = lazyPage(
  () => import('../features/settings/password-settings-page'),
  'PasswordSettingsPage',
);
const SettingsLayout = lazyPage(() => import('../features/settings/settings-layout'), 'SettingsLayout');
const TwoFactorSettingsPage = lazyPage(
  () => import('../features/settings/two-factor-settings-page'),
  'TwoFactorSettingsPage',
);
const ProjectShareModal = lazyPage(
  () => import('../features/sharing/project-share-modal'),
  'ProjectShareModal',
);
const TeamEditPage = lazyPage(() => import('../features/teams/team-edit-page'), 'TeamEditPage');
const TeamsPage = lazyPage(() => import('../features/teams/teams-page'), 'TeamsPage');
const ProjectWebhooksModal = lazyPage(
  () => import('../features/webhooks/project-webhooks-modal'),
  'ProjectWebhooksModal',
);

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
