/**
 * The route table (spec 1 §2). Pages of later features are added to `signedInRoutes` (and their
 * navigation entries to shell/navigation-items.ts) when they exist; unknown paths get the 404.
 */
import { Navigate, type RouteObject } from 'react-router';
import { AboutPage } from '../features/about/about-page';
import { DataExportSettingsPage } from '../features/account/data-export-settings-page';
import { DeletionSettingsPage } from '../features/account/deletion-settings-page';
import { EmailSettingsPage } from '../features/account/email-settings-page';
import { ExportDownloadPage } from '../features/account/export-download-page';
import { LoginPage } from '../features/auth/login-page';
import { OpenIdCallbackPage } from '../features/auth/openid-callback-page';
import { PasswordResetPage } from '../features/auth/password-reset-page';
import { PasswordResetRequestPage } from '../features/auth/password-reset-request-page';
import { RegisterPage } from '../features/auth/register-page';
import { NotFoundPage } from '../features/errors/not-found-page';
import { SavedFilterCreatePage } from '../features/filters/saved-filter-create-modal';
import { DeleteSettingsRoute, EditSettingsRoute } from '../features/filters/settings-routes';
import { HomePage } from '../features/home/home-page';
import { LabelsPage } from '../features/labels/labels-page';
import { LinkShareAuthPage } from '../features/link-share/link-share-auth-page';
import { MigrateServicePage } from '../features/migration/migrate-service-page';
import { MigrateSettingsPage } from '../features/migration/migrate-settings-page';
import { ProjectExportModal } from '../features/projects/export/project-export-modal';
import { ProjectIndexRedirect, ProjectPage, ProjectViewRoute } from '../features/projects/project-page';
import { ProjectsIndexPage } from '../features/projects/projects-index-page';
import { ProjectArchiveModal } from '../features/projects/settings/project-archive-modal';
import { ProjectBackgroundModal } from '../features/projects/settings/project-background-modal';
import { ProjectCreateModal } from '../features/projects/settings/project-create-modal';
import { ProjectDuplicateModal } from '../features/projects/settings/project-duplicate-modal';
import { ProjectInfoModal } from '../features/projects/settings/project-info-modal';
import { ProjectViewsModal } from '../features/projects/settings/project-views-modal';
import { ApiTokensPage } from '../features/settings/api-tokens/api-tokens-page';
import { AvatarSettingsPage } from '../features/settings/avatar-settings-page';
import { CaldavSettingsPage } from '../features/settings/caldav/caldav-settings-page';
import { GeneralSettingsPage } from '../features/settings/general-settings-page';
import { PasswordSettingsPage } from '../features/settings/password-settings-page';
import { SettingsLayout } from '../features/settings/settings-layout';
import { TwoFactorSettingsPage } from '../features/settings/two-factor-settings-page';
import { ProjectShareModal } from '../features/sharing/project-share-modal';
import { TaskDetailRoute } from '../features/tasks/task-detail-route';
import { TeamEditPage } from '../features/teams/team-edit-page';
import { TeamsPage } from '../features/teams/teams-page';
import { UpcomingPage } from '../features/upcoming/upcoming-page';
import { ProjectWebhooksModal } from '../features/webhooks/project-webhooks-modal';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { SessionShell } from './shell/link-share-shell';
import { SignedOutShell } from './shell/signed-out-shell';

export const signedOutRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage />, handle: { title: 'auth.login.title' } },
  { path: 'register', element: <RegisterPage />, handle: { title: 'auth.register.title' } },
  {
    path: 'get-password-reset',
    element: <PasswordResetRequestPage />,
    handle: { title: 'auth.resetRequest.title' },
  },
  { path: 'password-reset', element: <PasswordResetPage />, handle: { title: 'auth.reset.title' } },
  { path: 'share/:share/auth', element: <LinkShareAuthPage />, handle: { title: 'linkShare.title' } },
  { path: 'auth/openid/:provider', element: <OpenIdCallbackPage />, handle: { title: 'auth.openid.title' } },
];

export const signedInRoutes: RouteObject[] = [
  { index: true, element: <HomePage />, handle: { title: 'home.title' } },
  { path: 'about', element: <AboutPage />, handle: { title: 'about.title' } },
  { path: 'labels', element: <LabelsPage />, handle: { title: 'labels.title' } },
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { element: <SignedOutShell />, children: signedOutRoutes },
      {
        element: <SessionShell />,
        children: [
          ...signedInRoutes,
          { path: '*', element: <NotFoundPage />, handle: { title: 'notFound.title' } },
        ],
      },
    ],
  },
];
