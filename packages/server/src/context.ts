/**
 * The composition root: builds every repo and service once per app, in the order their
 * dependencies need, and hands each what it uses through its constructor. Route modules receive
 * the services from here; no module imports this file (composition.test.ts checks it).
 */
import { join } from 'node:path';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { AccountServices } from './modules/account/account-services.js';
import { AccountDeletionService } from './modules/account/deletion-service.js';
import { EmailChangeService } from './modules/account/email-change.js';
import { AccountPasswordCheck } from './modules/account/password-check.js';
import { ActivityRepo } from './modules/activity/repo.js';
import { ActivityService } from './modules/activity/service.js';
import { AssigneesRepo } from './modules/assignees/repo.js';
import { AssigneesService } from './modules/assignees/service.js';
import { assigneesLoader } from './modules/assignees/task-details.js';
import { assigneesFilter } from './modules/assignees/task-filter.js';
import { createFileStore } from './modules/attachments/files/store.js';
import { AttachmentsRepo } from './modules/attachments/repo.js';
import { AttachmentsService } from './modules/attachments/service.js';
import { attachmentsLoader } from './modules/attachments/task-details.js';
import { AccountMailService } from './modules/auth/account-mail-service.js';
import { AccountTokensRepo } from './modules/auth/account-tokens-repo.js';
import { LdapDirectory } from './modules/auth/ldap-directory.js';
import { LdapLogin } from './modules/auth/ldap-login.js';
import type { NewUserOnboarding } from './modules/auth/onboarding.js';
import { AuthService } from './modules/auth/service.js';
import { SessionsRepo } from './modules/auth/sessions-repo.js';
import { SessionsService } from './modules/auth/sessions-service.js';
import { TokenSigner } from './modules/auth/tokens.js';
import { TotpRepo } from './modules/auth/totp-repo.js';
import { TotpService } from './modules/auth/totp-service.js';
import { GravatarClient } from './modules/avatars/gravatar.js';
import { AvatarsRepo } from './modules/avatars/repo.js';
import { AvatarsService } from './modules/avatars/service.js';
import { BackgroundsService } from './modules/backgrounds/service.js';
import { AuthFailuresRepo } from './modules/brute-force/failures-repo.js';
import { BruteForceGuard } from './modules/brute-force/guard.js';
import { BucketsRepo } from './modules/buckets/repo.js';
import { BucketsService } from './modules/buckets/service.js';
import { TaskMovesService } from './modules/buckets/task-moves.js';
import { CaldavAuthenticator } from './modules/caldav/basic-auth.js';
import { CaldavCollections } from './modules/caldav/collections.js';
import { CaldavRepo } from './modules/caldav/repo.js';
import { CaldavService } from './modules/caldav/service.js';
import { CaldavSync } from './modules/caldav/sync.js';
import { SyncRepo } from './modules/caldav/sync-repo.js';
import { CaldavTokensRepo } from './modules/caldav/tokens-repo.js';
import { CaldavTokensService } from './modules/caldav/tokens-service.js';
import { CommentsRepo } from './modules/comments/repo.js';
import { CommentsService, serializeComments } from './modules/comments/service.js';
import { commentsLoader } from './modules/comments/task-details.js';
import { CustomFieldScopes } from './modules/custom-fields/filter-scope.js';
import { CustomFieldsRepo } from './modules/custom-fields/repo.js';
import { CustomFieldsService } from './modules/custom-fields/service.js';
import { customFieldsLoader } from './modules/custom-fields/task-details.js';
import { DataExportService } from './modules/export/export-service.js';
import { FavoritesRepo } from './modules/favorites/repo.js';
import { SavedFiltersRepo } from './modules/filters/repo.js';
import { SavedFiltersService } from './modules/filters/service.js';
import { LabelsRepo } from './modules/labels/repo.js';
import { LabelsService } from './modules/labels/service.js';
import { TaskLabelsService } from './modules/labels/task-labels.js';
import { ChangesListener } from './modules/live/changes-listener.js';
import { createLiveChannel, type LiveChannel } from './modules/live/channel.js';
import { LiveChanges } from './modules/live/live-changes.js';
import { LiveNotifications } from './modules/live/live-notifications.js';
import type { PublishChanges } from './modules/live/publisher.js';
import { createMailer } from './modules/mail/mailer.js';
import { MigrationService } from './modules/migration/service.js';
import { tellAll } from './modules/notifications/events.js';
import { NotificationFanOut } from './modules/notifications/fan-out.js';
import { PayloadParts } from './modules/notifications/payload-parts.js';
import { PayloadRepo } from './modules/notifications/payload-repo.js';
import { ReminderDeliveriesRepo } from './modules/notifications/reminder-deliveries-repo.js';
import { ReminderNotifier } from './modules/notifications/reminder-sweep.js';
import { NotificationsRepo } from './modules/notifications/repo.js';
import { NotificationsService } from './modules/notifications/service.js';
import { OpenIdProviders } from './modules/openid/providers.js';
import { OpenIdUsersRepo } from './modules/openid/repo.js';
import { OpenIdLoginService } from './modules/openid/service.js';
import { OverdueNotices } from './modules/overdue/overdue-notices.js';
import { OverdueRepo } from './modules/overdue/overdue-repo.js';
import { PositionsRepo } from './modules/positions/repo.js';
import { TaskPositionsService } from './modules/positions/service.js';
import { ProjectDuplicateService } from './modules/projects/duplicate.js';
import { ProjectsRepo } from './modules/projects/repo.js';
import { ProjectsService } from './modules/projects/service.js';
import { ReactionsRepo } from './modules/reactions/repo.js';
import { ReactionsService } from './modules/reactions/service.js';
import { reactionsLoader } from './modules/reactions/task-details.js';
import { RelationsRepo } from './modules/relations/repo.js';
import { RelationsService } from './modules/relations/service.js';
import { relationsLoader } from './modules/relations/task-details.js';
import { RemindersRepo } from './modules/reminders/repo.js';
import { remindersLoader } from './modules/reminders/task-details.js';
import { remindersFilter } from './modules/reminders/task-filter.js';
import { ProjectAccess } from './modules/rights/project-access.js';
import { RightsRepo } from './modules/rights/repo.js';
import { RightsService } from './modules/rights/service.js';
import { TaskSearch } from './modules/search/task-search.js';
import { SharingAccess } from './modules/sharing/access.js';
import { LinkSharesService } from './modules/sharing/link-shares.js';
import { LinkSharesRepo } from './modules/sharing/link-shares-repo.js';
import { ProjectSharesRepo } from './modules/sharing/project-shares-repo.js';
import { ProjectSharingService } from './modules/sharing/service.js';
import { ShareGrants } from './modules/sharing/share-grants-repo.js';
import { AssigneeSubscriber } from './modules/subscriptions/assignee-subscriber.js';
import { NearestSubscriptions } from './modules/subscriptions/nearest.js';
import { SubscriptionsRepo } from './modules/subscriptions/repo.js';
import { serializeSubscription } from './modules/subscriptions/serialize.js';
import { SubscriptionsService } from './modules/subscriptions/service.js';
import type { MailLog } from './modules/task-mail/mail-log.js';
import { OverdueDigests } from './modules/task-mail/overdue-digests.js';
import { ReminderMails } from './modules/task-mail/reminder-mails.js';
import { TaskMailRepo } from './modules/task-mail/task-mail-repo.js';
import { BulkTaskService } from './modules/tasks/bulk.js';
import { BulkLabels } from './modules/tasks/bulk-labels.js';
import { TaskDetails } from './modules/tasks/details.js';
import { TaskDetailsRepo } from './modules/tasks/details-repo.js';
import { TaskDuplicateService } from './modules/tasks/duplicate.js';
import { TaskFilterTranslator } from './modules/tasks/filter-sql.js';
import { TaskListService } from './modules/tasks/list.js';
import { TaskListRepo } from './modules/tasks/list-repo.js';
import { TaskParts } from './modules/tasks/parts.js';
import { TasksRepo } from './modules/tasks/repo.js';
import { TasksService } from './modules/tasks/service.js';
import { TeamsRepo } from './modules/teams/repo.js';
import { TeamsService } from './modules/teams/service.js';
import { TemplatesRepo } from './modules/templates/repo.js';
import { TemplatesService } from './modules/templates/service.js';
import { ApiTokensRepo } from './modules/tokens/repo.js';
import { ApiRouteRegistry } from './modules/tokens/route-registry.js';
import { ApiTokensService } from './modules/tokens/service.js';
import { VerifiedSecrets } from './modules/tokens/verified-secrets.js';
import { CommentTrashKeeper } from './modules/trash/comment-keeper.js';
import { ProjectTrashKeeper } from './modules/trash/project-keeper.js';
import { TrashRepo } from './modules/trash/repo.js';
import { TrashService } from './modules/trash/service.js';
import { TaskTrashKeeper } from './modules/trash/task-keeper.js';
import { UnreadAccessListener } from './modules/unread/access-listener.js';
import { UnreadRepo } from './modules/unread/repo.js';
import { UnreadService } from './modules/unread/service.js';
import { unreadLoader } from './modules/unread/task-details.js';
import { UsersRepo } from './modules/users/repo.js';
import { UsersService } from './modules/users/service.js';
import { selectUsersByIds } from './modules/users/users-by-ids.js';
import { ViewsRepo } from './modules/views/repo.js';
import { ViewsService } from './modules/views/service.js';
import { type DeliveryLog, WebhookSender } from './modules/webhooks/delivery.js';
import { WebhookListener } from './modules/webhooks/listener.js';
import { OverdueEvents } from './modules/webhooks/overdue-events.js';
import { WebhooksRepo } from './modules/webhooks/repo.js';
import { WebhookRetriesRepo } from './modules/webhooks/retries-repo.js';
import { WebhooksService } from './modules/webhooks/service.js';
import { WebhookTargets } from './modules/webhooks/targets.js';

export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenSigner;
  repos: { users: UsersRepo; sessions: SessionsRepo; linkShares: LinkSharesRepo };
  /** PostgreSQL: routes that say so check the session with their first reads (http/session-check-with-reads.ts). */
  sessionCheckWithReads: boolean;
  auth: AuthService;
  openidProviders: OpenIdProviders;
  openid: OpenIdLoginService;
  accountMail: AccountMailService;
  totp: TotpService;
  users: UsersService;
  rights: RightsService;
  projects: ProjectsService;
  projectDuplicates: ProjectDuplicateService;
  views: ViewsService;
  teams: TeamsService;
  sharing: ProjectSharingService;
  linkShares: LinkSharesService;
  tasks: TasksService;
  taskDetails: TaskDetails;
  taskFilters: TaskFilterTranslator;
  taskLists: TaskListService;
  savedFilters: SavedFiltersService;
  labels: LabelsService;
  taskLabels: TaskLabelsService;
  assignees: AssigneesService;
  attachments: AttachmentsService;
  comments: CommentsService;
  /** Unread marks on tasks with comments the user has not read. */
  unread: UnreadService;
  relations: RelationsService;
  reactions: ReactionsService;
  /** Task and project activity (the history of changes). */
  activity: ActivityService;
  /** Deleted tasks kept for restoring. */
  trash: TrashService;
  templates: TemplatesService;
  /** Custom field definitions (modules/custom-fields); their values are a part of tasks. */
  customFields: CustomFieldsService;
  taskBulk: BulkTaskService;
  taskDuplicates: TaskDuplicateService;
  buckets: BucketsService;
  taskMoves: TaskMovesService;
  taskPositions: TaskPositionsService;
  /** The API routes as registered, for the token permission catalogue (app.ts collects them). */
  apiRoutes: ApiRouteRegistry;
  apiTokens: ApiTokensService;
  /** Where each user is signed in (`/user/sessions`). */
  userSessions: SessionsService;
  /** CalDAV under /dav (modules/caldav): its tokens, who a Basic login is, and the calendars. */
  caldavTokens: CaldavTokensService;
  caldavAuth: CaldavAuthenticator;
  caldav: CaldavService;
  /** Collection sync tokens and changes (RFC 6578). */
  caldavSync: CaldavSync;
  /** Calendars made and removed over CalDAV (MKCALENDAR, DELETE). */
  caldavCollections: CaldavCollections;
  subscriptions: SubscriptionsService;
  notifications: NotificationsService;
  reminderNotifications: ReminderNotifier;
  /** The live WebSocket's sockets in this process and the pushing of new notifications to them. */
  liveNotifications: LiveNotifications;
  /** The changes pushed to the live sockets that subscribed to a project or the project tree. */
  liveChanges: LiveChanges;
  /** What carries notifications and changes to the other server processes. */
  liveChannel: LiveChannel;
  /** Reminder mails (told by the reminder sweep) and the daily overdue-tasks mail (swept in app.ts). */
  taskMail: { reminderMails: ReminderMails; overdueDigests: OverdueDigests };
  backgrounds: BackgroundsService;
  avatars: AvatarsService;
  migration: MigrationService;
  /** E-mail change, account deletion and data export (modules/account, modules/export). */
  account: AccountServices;
  webhooks: WebhooksService;
  /** Sends webhook payloads in the background; app.ts gives it the logger and waits for it on close. */
  webhookDeliveries: WebhookSender;
  /** Which addresses webhooks may reach (`ORDO_WEBHOOKS_ALLOW_INTERNAL`); tests set its resolver. */
  webhookTargets: WebhookTargets;
  /** The daily `task.overdue`/`tasks.overdue` webhook events (swept in app.ts); null with webhooks off. */
  overdueEvents: OverdueEvents | null;
}

/** What only a running server has; the admin CLI builds the context without it. */
export interface ServerRuntime {
  /** The server's logger: mail senders and webhook deliveries log what they sent and what failed. */
  log: MailLog & DeliveryLog;
  /** Requests being answered now: imports let them go first. */
  requestsInFlight: () => number;
}

/** Without a server: failures become process warnings, and no request is ever in flight. */
const WITHOUT_SERVER: ServerRuntime = {
  log: {
    info() {},
    warn(first: string | Record<string, unknown>, message?: string) {
      process.emitWarning(typeof first === 'string' ? first : `${message} ${JSON.stringify(first)}`);
    },
  },
  requestsInFlight: () => 0,
};

export function createContext(config: Config, db: Db, server: ServerRuntime = WITHOUT_SERVER): AppContext {
  const tokens = new TokenSigner(config.jwtSecret, config.jwtTtl, config.jwtTtlLong);
  const apiRoutes = new ApiRouteRegistry();
  const mailer = createMailer(config);
  const files = createFileStore(config);
  const warn = (message: string) => process.emitWarning(message);

  // Repos: SQL only, no dependencies but the database.
  const users = new UsersRepo(db.kysely);
  const sessions = new SessionsRepo(db);
  const linkShares = new LinkSharesRepo(db);
  const projectsRepo = new ProjectsRepo(db.kysely);
  const viewsRepo = new ViewsRepo(db.kysely);
  const favoritesRepo = new FavoritesRepo(db.kysely);
  const teamsRepo = new TeamsRepo(db.kysely);
  const labelsRepo = new LabelsRepo(db.kysely);
  const bucketsRepo = new BucketsRepo(db.kysely);
  const accountTokens = new AccountTokensRepo(db.kysely);
  const assigneesRepo = new AssigneesRepo(db.kysely);
  const attachmentsRepo = new AttachmentsRepo(db.kysely);
  const commentsRepo = new CommentsRepo(db.kysely);
  const relationsRepo = new RelationsRepo(db.kysely);
  const reactionsRepo = new ReactionsRepo(db.kysely);
  const subscriptionsRepo = new SubscriptionsRepo(db.kysely);
  const notificationsRepo = new NotificationsRepo(db.kysely);
  const webhooksRepo = new WebhooksRepo(db.kysely);
  const caldavRepo = new CaldavRepo(db.kysely);
  const customFieldsRepo = new CustomFieldsRepo(db.kysely);

  // Rights, and what every request's authentication needs.
  const rights = new RightsService(new RightsRepo(db.kysely), [new ShareGrants(db.kysely)]);
  const access = new ProjectAccess(projectsRepo, rights, db.readTogether);
  const fieldScopes = new CustomFieldScopes(customFieldsRepo, rights);
  const sharingAccess = new SharingAccess(projectsRepo, rights);
  const guard = new BruteForceGuard(new AuthFailuresRepo(db.kysely), config.bruteForce);
  // Passwords asked for behind a session back off with the account's login count.
  const passwordCheck = new AccountPasswordCheck(guard);
  const totp = new TotpService(config, new TotpRepo(db.kysely), users, guard, passwordCheck);
  const emailChanges = new EmailChangeService(config, db.kysely, accountTokens, mailer, passwordCheck);
  const accountMail = new AccountMailService(
    config,
    db.kysely,
    users,
    accountTokens,
    mailer,
    guard,
    emailChanges,
    server.log,
  );
  const openidProviders = new OpenIdProviders(config.openidProviders);
  const apiTokens = new ApiTokensService(new ApiTokensRepo(db.kysely), apiRoutes, new VerifiedSecrets());
  const caldavTokens = new CaldavTokensService(new CaldavTokensRepo(db.kysely));

  // Changes pushed to the live sockets (modules/live), announced by services after commit.
  const liveChannel = createLiveChannel(config.database, db.kysely, warn);
  const liveChanges = new LiveChanges(rights, sessions, liveChannel, warn, async (ids) =>
    (await selectUsersByIds(db.kysely, ids)).map(({ id, username, name }) => ({ id, username, name })),
  );
  const publish: PublishChanges = (...changes) => liveChanges.publish(...changes);

  // Task lists and filters: the filter language, saved filters (pseudo projects) and views.
  const taskFilters = new TaskFilterTranslator({ assignees: assigneesFilter, reminders: remindersFilter });
  const taskSearch = new TaskSearch(db.kysely, db.dialect);
  const savedFilters = new SavedFiltersService(
    db.kysely,
    new SavedFiltersRepo(db.kysely),
    viewsRepo,
    taskFilters,
    taskSearch,
    fieldScopes,
  );
  const views = new ViewsService(
    db.kysely,
    viewsRepo,
    access,
    async (filter, { userId, projectId }) => {
      const fields = filter.filter.trim() ? await fieldScopes.forProject(userId, projectId) : undefined;
      taskFilters.parse(filter.filter, fields);
    },
    (userId, projectId) => savedFilters.demandViewAccess(userId, projectId),
    publish,
  );
  const taskParts = new TaskParts(db.kysely, rights, files);
  const backgrounds = new BackgroundsService(db.kysely, files, access);
  const unreadRepo = new UnreadRepo(db.kysely);
  const taskDetails = new TaskDetails(
    new TaskDetailsRepo(db.kysely),
    labelsRepo,
    favoritesRepo,
    db.readTogether,
    [
      assigneesLoader(assigneesRepo),
      remindersLoader(new RemindersRepo(db.kysely)),
      relationsLoader(relationsRepo, rights),
      reactionsLoader(reactionsRepo),
      customFieldsLoader(customFieldsRepo),
      unreadLoader(unreadRepo),
      ...(config.taskAttachments ? [attachmentsLoader(attachmentsRepo, db.kysely)] : []),
      ...(config.taskComments ? [commentsLoader(commentsRepo, db.kysely)] : []),
    ],
  );

  // The listeners of change events: notifications (with their live push), reminder mails and
  // webhooks. They come before the services whose changes they hear.
  const nearest = new NearestSubscriptions(db.kysely, subscriptionsRepo);
  // Payloads embed projects and teams as their services show them, and those services tell these
  // listeners of their changes: the payloads reach them through functions, called once an event
  // happens, long after everything here is built.
  const payloadParts = new PayloadParts(new PayloadRepo(db.kysely), taskDetails, {
    projects: (viewerId, rows) => projects.hydrate(viewerId, rows, null),
    teams: (rows) => teams.hydrate(rows),
    comments: (rows) => serializeComments(db.kysely, rows),
  });
  const liveNotifications = new LiveNotifications(notificationsRepo, rights, sessions, liveChannel, warn);
  const fanOut = new NotificationFanOut(
    notificationsRepo,
    subscriptionsRepo,
    new AssigneeSubscriber(subscriptionsRepo, nearest),
    nearest,
    rights,
    payloadParts,
    (created) => liveNotifications.announce(created),
  );
  const overdueNotices = new OverdueNotices(new OverdueRepo(db.kysely), rights);
  const taskMail = {
    reminderMails: new ReminderMails(
      new TaskMailRepo(db.kysely),
      rights,
      mailer,
      config.publicUrl,
      server.log,
    ),
    overdueDigests: new OverdueDigests(overdueNotices, mailer, config.publicUrl, server.log),
  };
  const webhookTargets = new WebhookTargets(config.webhooksAllowInternal);
  const webhookDeliveries = new WebhookSender(
    { timeoutMs: config.webhooksTimeout * 1000 },
    webhookTargets,
    webhooksRepo,
    new WebhookRetriesRepo(db.kysely),
    server.log,
  );
  // With webhooks off (`ORDO_WEBHOOKS=false`) nothing listens for them: events cost nothing.
  const webhookListener = config.webhooks
    ? new WebhookListener(webhooksRepo, new RightsRepo(db.kysely), rights, payloadParts, webhookDeliveries)
    : null;
  // Live changes go first: they are cheap (a name and ids) and an open screen waits for them,
  // while the notification fan-out builds payloads per subscriber.
  const events = tellAll(
    new ChangesListener(liveChanges, (taskId) => payloadParts.taskRow(taskId)),
    fanOut,
    taskMail.reminderMails,
    new UnreadAccessListener(unreadRepo, rights, (projectId) => projectsRepo.subtreeIds(projectId)),
    ...(webhookListener ? [webhookListener] : []),
  );

  // The services that change things, each telling the listeners.
  const teams = new TeamsService(db.kysely, teamsRepo, users, config.publicTeams, events);
  const projects = new ProjectsService(
    db.kysely,
    projectsRepo,
    viewsRepo,
    favoritesRepo,
    rights,
    access,
    savedFilters,
    taskParts,
    backgrounds,
    nearest,
    events,
    new ProjectTrashKeeper(db.dialect),
  );
  const tasks = new TasksService(
    db.kysely,
    new TasksRepo(db.kysely, db.dialect),
    rights,
    access,
    taskDetails,
    taskParts,
    events,
    async (userId, task) => {
      // Link shares (negative ids) cannot subscribe.
      if (userId < 0) return undefined;
      const row = await nearest.forTask(userId, task);
      return row && serializeSubscription(row);
    },
    new TaskTrashKeeper(db.dialect),
  );
  const unread = new UnreadService(unreadRepo, rights);
  const comments = new CommentsService(
    db.kysely,
    commentsRepo,
    tasks,
    events,
    unread,
    new CommentTrashKeeper(),
  );
  const relations = new RelationsService(db.kysely, relationsRepo, tasks, events);
  const buckets = new BucketsService(db.kysely, bucketsRepo, viewsRepo, views, publish);
  const labels = new LabelsService(db.kysely, labelsRepo, rights, publish);
  const taskLabels = new TaskLabelsService(db.kysely, labelsRepo, labels, tasks, publish);
  const onboarding: NewUserOnboarding = {
    db: db.kysely,
    welcome: async (trx, userId) => {
      const inbox = await projects.createInbox(trx, userId);
      await savedFilters.createMyOpenTasks(trx, userId);
      return inbox;
    },
  };
  const caldav = new CaldavService(
    caldavRepo,
    rights,
    access,
    tasks,
    taskDetails,
    labels,
    taskLabels,
    relations,
  );

  return {
    config,
    db,
    tokens,
    repos: { users, sessions, linkShares },
    sessionCheckWithReads: db.dialect === 'postgres',
    apiRoutes,
    apiTokens,
    userSessions: new SessionsService(sessions),
    caldavTokens,
    caldavAuth: new CaldavAuthenticator(users, caldavTokens, apiTokens, caldavRepo, config.totp, guard),
    caldav,
    caldavSync: new CaldavSync(caldav, new SyncRepo(db.kysely)),
    caldavCollections: new CaldavCollections(db.kysely, projects),
    teams,
    sharing: new ProjectSharingService(
      sharingAccess,
      new ProjectSharesRepo(db.kysely),
      users,
      teamsRepo,
      teams,
      config.publicTeams,
      events,
    ),
    linkShares: new LinkSharesService(sharingAccess, linkShares, tokens, guard, publish),
    openidProviders,
    // Sessions start the same way for every sign-in; this one needs none of the login's helpers.
    openid: new OpenIdLoginService(
      config,
      openidProviders,
      new OpenIdUsersRepo(db.kysely),
      new AuthService(config, users, sessions, tokens),
      onboarding,
    ),
    auth: new AuthService(
      config,
      users,
      sessions,
      tokens,
      onboarding,
      accountMail,
      totp,
      config.ldap ? new LdapLogin(new LdapDirectory(config.ldap), onboarding) : undefined,
      guard,
    ),
    totp,
    accountMail,
    users: new UsersService(users, access, passwordCheck),
    rights,
    projects,
    projectDuplicates: new ProjectDuplicateService(
      db.kysely,
      projectsRepo,
      access,
      projects,
      backgrounds,
      files,
      events,
    ),
    backgrounds,
    migration: new MigrationService(config, db, files, {
      projects,
      taskFiles: taskParts,
      mailer,
      requestsInFlight: server.requestsInFlight,
      publish,
    }),
    views,
    tasks,
    taskDetails,
    taskFilters,
    taskLists: new TaskListService(
      new TaskListRepo(db.kysely, taskSearch, db.dialect, db.readTogether),
      rights,
      access,
      viewsRepo,
      taskDetails,
      taskFilters,
      savedFilters,
      fieldScopes,
      db.readTogether,
    ),
    savedFilters,
    labels,
    taskLabels,
    assignees: new AssigneesService(db.kysely, assigneesRepo, rights, tasks, events),
    attachments: new AttachmentsService(
      db.kysely,
      attachmentsRepo,
      files,
      tasks,
      config.maxFileSize,
      join(config.dataDir, 'tmp'),
      events,
    ),
    comments,
    unread,
    relations,
    reactions: new ReactionsService(db.kysely, reactionsRepo, tasks, publish),
    activity: new ActivityService(db.kysely, new ActivityRepo(db.kysely), tasks, access),
    trash: new TrashService(
      db.kysely,
      db.dialect,
      new TrashRepo(db.kysely),
      rights,
      access,
      tasks,
      projects,
      events,
      files,
      config.trashDays,
    ),
    taskBulk: new BulkTaskService(
      db.kysely,
      tasks,
      access,
      taskDetails,
      new BulkLabels(labelsRepo, labels, publish),
    ),
    templates: new TemplatesService(
      db.kysely,
      new TemplatesRepo(db.kysely),
      access,
      projectsRepo,
      projects,
      tasks,
      labels,
      labelsRepo,
      events,
      config.templateMaxTasks,
    ),
    customFields: new CustomFieldsService(db.kysely, customFieldsRepo, access, (userId, projectId) =>
      publish({ change: 'project.fields.changed', projectId, actorId: userId }),
    ),
    taskDuplicates: new TaskDuplicateService(db.kysely, tasks, files, new TasksRepo(db.kysely, db.dialect)),
    buckets,
    taskMoves: new TaskMovesService(
      db.kysely,
      bucketsRepo,
      buckets,
      viewsRepo,
      views,
      tasks,
      taskDetails,
      events,
    ),
    avatars: new AvatarsService(
      db.kysely,
      new AvatarsRepo(db.kysely),
      linkShares,
      files,
      new GravatarClient(config.gravatarUrl),
    ),
    taskPositions: new TaskPositionsService(
      db.kysely,
      new PositionsRepo(db.kysely),
      viewsRepo,
      tasks,
      (userId, id) => savedFilters.demandViewAccess(userId, id),
      publish,
    ),
    subscriptions: new SubscriptionsService(subscriptionsRepo, nearest, tasks, access),
    notifications: new NotificationsService(notificationsRepo, rights),
    reminderNotifications: new ReminderNotifier(new ReminderDeliveriesRepo(db.kysely), fanOut, events),
    liveNotifications,
    liveChanges,
    liveChannel,
    taskMail,
    webhooks: new WebhooksService(db.kysely, webhooksRepo, access, webhookTargets),
    webhookDeliveries,
    webhookTargets,
    overdueEvents: webhookListener
      ? new OverdueEvents(overdueNotices, webhooksRepo, webhookListener, { warn })
      : null,
    account: {
      emailChanges,
      accountDeletion: new AccountDeletionService(config, db.kysely, accountTokens, mailer, passwordCheck),
      dataExports: new DataExportService(
        config,
        db.kysely,
        { db: db.kysely, rights, taskDetails, teams: teamsRepo, files, comments },
        mailer,
        passwordCheck,
      ),
    },
  };
}
