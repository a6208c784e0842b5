/**
 * The modules of the signed-in pages, each asked for from here, inside the session shell's chunk:
 * why is told at `shellPage` in signed-in-routes.tsx. Keyed by the module's path under src/, which
 * the build also uses to list each page's files in index.html (vite.config.ts). A page is added
 * there and here.
 */
export const signedInPages = {
  'features/home/home-page': () => import('../../features/home/home-page'),
  'features/projects/project-page': () => import('../../features/projects/project-page'),
  'features/projects/projects-index-page': () => import('../../features/projects/projects-index-page'),
  'features/tasks/task-detail-route': () => import('../../features/tasks/task-detail-route'),
  'features/upcoming/upcoming-page': () => import('../../features/upcoming/upcoming-page'),
  'features/about/about-page': () => import('../../features/about/about-page'),
  'features/account/data-export-settings-page': () =>
    import('../../features/account/data-export-settings-page'),
  'features/account/deletion-settings-page': () => import('../../features/account/deletion-settings-page'),
  'features/account/email-settings-page': () => import('../../features/account/email-settings-page'),
  'features/account/export-download-page': () => import('../../features/account/export-download-page'),
  'features/filters/saved-filter-create-modal': () =>
    import('../../features/filters/saved-filter-create-modal'),
  'features/filters/settings-routes': () => import('../../features/filters/settings-routes'),
  'features/labels/labels-page': () => import('../../features/labels/labels-page'),
  'features/trash/trash-page': () => import('../../features/trash/trash-page'),
  'features/templates/templates-page': () => import('../../features/templates/templates-page'),
  'features/migration/migrate-service-page': () => import('../../features/migration/migrate-service-page'),
  'features/migration/migrate-settings-page': () => import('../../features/migration/migrate-settings-page'),
  'features/projects/export/project-export-modal': () =>
    import('../../features/projects/export/project-export-modal'),
  'features/projects/settings/project-archive-modal': () =>
    import('../../features/projects/settings/project-archive-modal'),
  'features/projects/settings/project-background-modal': () =>
    import('../../features/projects/settings/project-background-modal'),
  'features/projects/settings/project-create-modal': () =>
    import('../../features/projects/settings/project-create-modal'),
  'features/projects/settings/project-duplicate-modal': () =>
    import('../../features/projects/settings/project-duplicate-modal'),
  'features/projects/settings/project-template-modal': () =>
    import('../../features/projects/settings/project-template-modal'),
  'features/projects/activity/project-activity-modal': () =>
    import('../../features/projects/activity/project-activity-modal'),
  'features/projects/settings/project-info-modal': () =>
    import('../../features/projects/settings/project-info-modal'),
  'features/custom-fields/project-fields-modal': () =>
    import('../../features/custom-fields/project-fields-modal'),
  'features/projects/settings/project-views-modal': () =>
    import('../../features/projects/settings/project-views-modal'),
  'features/webhooks/user-webhooks-page': () => import('../../features/webhooks/user-webhooks-page'),
  'features/settings/api-tokens/api-tokens-page': () =>
    import('../../features/settings/api-tokens/api-tokens-page'),
  'features/settings/avatar-settings-page': () => import('../../features/settings/avatar-settings-page'),
  'features/settings/caldav/caldav-settings-page': () =>
    import('../../features/settings/caldav/caldav-settings-page'),
  'features/settings/sessions/sessions-settings-page': () =>
    import('../../features/settings/sessions/sessions-settings-page'),
  'features/settings/general-settings-page': () => import('../../features/settings/general-settings-page'),
  'features/settings/password-settings-page': () => import('../../features/settings/password-settings-page'),
  'features/settings/settings-layout': () => import('../../features/settings/settings-layout'),
  'features/settings/two-factor-settings-page': () =>
    import('../../features/settings/two-factor-settings-page'),
  'features/sharing/project-share-modal': () => import('../../features/sharing/project-share-modal'),
  'features/teams/team-edit-page': () => import('../../features/teams/team-edit-page'),
  'features/teams/teams-page': () => import('../../features/teams/teams-page'),
  'features/webhooks/project-webhooks-modal': () => import('../../features/webhooks/project-webhooks-modal'),
};

export type SignedInPages = typeof signedInPages;
