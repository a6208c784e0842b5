/** `GET /info`: what the client needs to know about this server before anything else. */
import { ORDO_VERSION } from '@ordo/core';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { MigrationService } from '../migration/service.js';
import type { OpenIdProviders, PublishedProvider } from '../openid/providers.js';

function formatSize(bytes: number): string {
  for (const [unit, factor] of [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const) {
    if (bytes >= factor && bytes % factor === 0) return `${bytes / factor}${unit}`;
  }
  return `${bytes}B`;
}

export function serverInfo(config: Config) {
  return {
    version: ORDO_VERSION,
    frontend_url: config.publicUrl,
    motd: config.motd,
    link_sharing_enabled: config.linkSharing,
    max_file_size: formatSize(config.maxFileSize),
    max_items_per_page: config.maxItemsPerPage,
    available_migrators: MigrationService.names(),
    task_attachments_enabled: config.taskAttachments,
    // Unsplash needs the internet, which a self-hosted server may not have; uploads are built in.
    enabled_background_providers: config.backgrounds ? ['upload'] : null,
    totp_enabled: config.totp,
    legal: { imprint_url: config.imprintUrl, privacy_policy_url: config.privacyPolicyUrl },
    caldav_enabled: config.caldav,
    auth: {
      local: { enabled: config.localAuth, registration_enabled: config.registration && config.localAuth },
      ldap: { enabled: config.ldap !== null },
      openid_connect: {
        enabled: config.openidProviders.length > 0,
        redirect_url: `${config.publicUrl}auth/openid/`,
        // Filled in per request from the providers' discovery (infoRoutes).
        providers: null as PublishedProvider[] | null,
      },
    },
    // Reminder and overdue mails go out when Ordo can send mail.
    email_reminders_enabled: config.smtpUrl !== null,
    user_deletion_enabled: true,
    task_comments_enabled: config.taskComments,
    demo_mode_enabled: config.demoMode,
    webhooks_enabled: config.webhooks,
    public_teams_enabled: config.publicTeams,
    allow_icon_changes: config.allowIconChanges,
    enabled_pro_features: [] as string[],
    concurrent_writes: true,
  };
}

/** What `GET /info` answers now: the configuration, with the providers whose discovery worked. */
export type CurrentInfo = (log: FastifyBaseLogger) => Promise<ReturnType<typeof serverInfo>>;

export function currentInfo(config: Config, providers: OpenIdProviders): CurrentInfo {
  const info = serverInfo(config);
  return async (log) => {
    if (!providers.configured) return info;
    // Each provider's authorization endpoint comes from its discovery document; one that
    // cannot be discovered is left out (and logged) rather than shown as a dead button.
    const published = await providers.published((key, error) =>
      log.warn({ provider: key, err: error }, 'OpenID Connect discovery failed'),
    );
    const openid = { ...info.auth.openid_connect, providers: published.length > 0 ? published : null };
    return { ...info, auth: { ...info.auth, openid_connect: openid } };
  };
}

export function infoRoutes(app: FastifyInstance, info: CurrentInfo): void {
  app.get(
    '/info',
    { config: { public: true }, schema: { tags: ['info'], summary: 'Server capabilities' } },
    (request) => info(request.log),
  );
}
