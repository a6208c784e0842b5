/**
 * Builds the webhook service, its listener for change events and the sender. With webhooks off
 * (`ORDO_WEBHOOKS=false`) the listener is left out, so events cost nothing and nothing is sent.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { CommentsService } from '../comments/service.js';
import type { NotificationEvents } from '../notifications/events.js';
import { PayloadParts } from '../notifications/payload-parts.js';
import { PayloadRepo } from '../notifications/payload-repo.js';
import { OverdueNotices } from '../overdue/overdue-notices.js';
import { OverdueRepo } from '../overdue/overdue-repo.js';
import type { ProjectsService } from '../projects/service.js';
import type { ProjectAccess } from '../rights/project-access.js';
import { RightsRepo } from '../rights/repo.js';
import type { RightsService } from '../rights/service.js';
import type { TaskDetails } from '../tasks/details.js';
import type { TeamsService } from '../teams/service.js';
import { WebhookSender } from './delivery.js';
import { WebhookListener } from './listener.js';
import { OverdueEvents } from './overdue-events.js';
import { WebhooksRepo } from './repo.js';
import { WebhooksService } from './service.js';
import { WebhookTargets } from './targets.js';

export function createWebhooks(deps: {
  config: Config;
  db: Kysely<Database>;
  access: ProjectAccess;
  rights: RightsService;
  details: TaskDetails;
  projects: ProjectsService;
  teams: TeamsService;
  comments: CommentsService;
}): {
  webhooks: WebhooksService;
  webhookDeliveries: WebhookSender;
  /** Which addresses webhooks may reach, for the service and the sender alike. */
  webhookTargets: WebhookTargets;
  /** What hears change events: the listener, or nothing while webhooks are off. */
  webhookListeners: Partial<NotificationEvents>[];
  /** The daily overdue events, swept once a minute; null while webhooks are off. */
  overdueEvents: OverdueEvents | null;
} {
  const { config, db } = deps;
  const repo = new WebhooksRepo(db);
  const targets = new WebhookTargets(config.webhooksAllowInternal);
  const sender = new WebhookSender({ timeoutMs: config.webhooksTimeout * 1000 }, targets);
  const parts = new PayloadParts(new PayloadRepo(db), deps.details, deps.projects, deps.teams);
  parts.useComments(deps.comments);
  const listener = config.webhooks
    ? new WebhookListener(repo, new RightsRepo(db), deps.rights, parts, sender)
    : null;
  const warn = (message: string) => process.emitWarning(message);
  return {
    webhooks: new WebhooksService(db, repo, deps.access, targets),
    webhookDeliveries: sender,
    webhookTargets: targets,
    webhookListeners: listener ? [listener] : [],
    overdueEvents: listener
      ? new OverdueEvents(new OverdueNotices(new OverdueRepo(db), deps.rights), repo, listener, { warn })
      : null,
  };
}
