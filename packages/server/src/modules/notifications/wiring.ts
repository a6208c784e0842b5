/**
 * Builds subscriptions and notifications and connects them to the modules where their events
 * happen (tasks, assignees, comments, attachments, relations, projects, teams) and whose reads
 * show a subscription. Other listeners (webhooks) hear the same events after the notifications.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AssigneesService } from '../assignees/service.js';
import type { AttachmentsService } from '../attachments/service.js';
import type { CommentsService } from '../comments/service.js';
import type { ProjectsService } from '../projects/service.js';
import type { RelationsService } from '../relations/service.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { RightsService } from '../rights/service.js';
import { NearestSubscriptions } from '../subscriptions/nearest.js';
import { SubscriptionsRepo } from '../subscriptions/repo.js';
import { serializeSubscription } from '../subscriptions/serialize.js';
import { SubscriptionsService } from '../subscriptions/service.js';
import type { TaskDetails } from '../tasks/details.js';
import type { TasksService } from '../tasks/service.js';
import type { TeamsService } from '../teams/service.js';
import { type NotificationEvents, tellAll } from './events.js';
import { NotificationFanOut } from './fan-out.js';
import { PayloadParts } from './payload-parts.js';
import { PayloadRepo } from './payload-repo.js';
import { ReminderDeliveriesRepo } from './reminder-deliveries-repo.js';
import { ReminderNotifier } from './reminder-sweep.js';
import { type CreatedNotification, NotificationsRepo } from './repo.js';
import { NotificationsService } from './service.js';

export function wireNotifications(deps: {
  db: Kysely<Database>;
  rights: RightsService;
  access: ProjectAccess;
  details: TaskDetails;
  tasks: TasksService;
  projects: ProjectsService;
  teams: TeamsService;
  comments: CommentsService;
  assignees: AssigneesService;
  attachments: AttachmentsService;
  relations: RelationsService;
  /** Told about every event after the notifications (webhooks). */
  alsoTell: Partial<NotificationEvents>[];
  /** Told about the notifications just written, to push them to live sockets (modules/live). */
  announce: (created: readonly CreatedNotification[]) => void;
}): {
  /** The events as every listener hears them, for sources wired elsewhere (sharing). */
  events: NotificationEvents;
  subscriptions: SubscriptionsService;
  notifications: NotificationsService;
  reminderNotifications: ReminderNotifier;
} {
  const { db, rights, tasks, projects, teams, comments, assignees } = deps;
  const subscriptionsRepo = new SubscriptionsRepo(db);
  const nearest = new NearestSubscriptions(db, subscriptionsRepo);
  const subscriptions = new SubscriptionsService(subscriptionsRepo, nearest, tasks, deps.access);
  const notificationsRepo = new NotificationsRepo(db);
  const parts = new PayloadParts(new PayloadRepo(db), deps.details, projects, teams);
  parts.useComments(comments);
  const fanOut = new NotificationFanOut(
    notificationsRepo,
    subscriptionsRepo,
    subscriptions,
    nearest,
    rights,
    parts,
  );
  fanOut.useAnnouncer(deps.announce);
  const events = tellAll(fanOut, ...deps.alsoTell);
  for (const source of [tasks, projects, teams, comments, assignees, deps.attachments, deps.relations]) {
    source.useNotifications(events);
  }
  projects.useSubscriptions(nearest);
  tasks.useSubscriptions(async (userId, task) => {
    if (userId < 0) return undefined;
    const row = await nearest.forTask(userId, task);
    return row && serializeSubscription(row);
  });
  return {
    events,
    subscriptions,
    notifications: new NotificationsService(notificationsRepo, rights),
    reminderNotifications: new ReminderNotifier(new ReminderDeliveriesRepo(db), fanOut, events),
  };
}
