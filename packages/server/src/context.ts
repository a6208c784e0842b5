/**
 * Wires repos and services together once per app. Route modules receive this and call services;
 * they never touch the database themselves.
 */
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { type AccountServices, createAccountServices } from './modules/account/account-services.js';
import { createFileStore } from './modules/attachments/files/store.js';
import { AccountMailService } from './modules/auth/account-mail-service.js';
import { AccountTokensRepo } from './modules/auth/account-tokens-repo.js';
import { LdapDirectory } from './modules/auth/ldap-directory.js';
import { LdapLogin } from './modules/auth/ldap-login.js';
import { AuthService } from './modules/auth/service.js';
import { SessionsRepo } from './modules/auth/sessions-repo.js';
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
import { FavoritesRepo } from './modules/favorites/repo.js';
import { SavedFiltersRepo } from './modules/filters/repo.js';
import { SavedFiltersService } from './modules/filters/service.js';
import { LabelsRepo } from './modules/labels/repo.js';
import { LabelsService } from './modules/labels/service.js';
import { TaskLabelsService } from './modules/labels/task-labels.js';
import { createLiveChannel } from './modules/live/channel.js';
import { LiveNotifications } from './modules/live/live-notifications.js';
import { createMailer } from './modules/mail/mailer.js';
import { MigrationService } from './modules/migration/service.js';
import type { ReminderNotifier } from './modules/notifications/reminder-sweep.js';
import { NotificationsRepo } from './modules/notifications/repo.js';
import type { NotificationsService } from './modules/notifications/service.js';
import { wireNotifications } from './modules/notifications/wiring.js';
import { OpenIdProviders } from './modules/openid/providers.js';
import { OpenIdUsersRepo } from './modules/openid/repo.js';
import { OpenIdLoginService } from './modules/openid/service.js';
import { PositionsRepo } from './modules/positions/repo.js';
import { TaskPositionsService } from './modules/positions/service.js';
import { ProjectDuplicateService } from './modules/projects/duplicate.js';
import { ProjectsRepo } from './modules/projects/repo.js';
import { ProjectsService } from './modules/projects/service.js';
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
import type { SubscriptionsService } from './modules/subscriptions/service.js';
import { type TaskMail, wireTaskMail } from './modules/task-mail/wiring.js';
import { TaskDetails } from './modules/tasks/details.js';
import { TaskDetailsRepo } from './modules/tasks/details-repo.js';
import { TaskFilterTranslator } from './modules/tasks/filter-sql.js';
import { TaskListService } from './modules/tasks/list.js';
import { TaskListRepo } from './modules/tasks/list-repo.js';
import { createTaskPartServices, type TaskPartServices } from './modules/tasks/part-services.js';
import { TaskParts } from './modules/tasks/parts.js';
import { TasksRepo } from './modules/tasks/repo.js';
import { TasksService } from './modules/tasks/service.js';
import { TeamsRepo } from './modules/teams/repo.js';
import { TeamsService } from './modules/teams/service.js';
import { ApiTokensRepo } from './modules/tokens/repo.js';
import { ApiRouteRegistry } from './modules/tokens/route-registry.js';
import { ApiTokensService } from './modules/tokens/service.js';
import { VerifiedSecrets } from './modules/tokens/verified-secrets.js';
import { UsersRepo } from './modules/users/repo.js';
import { UsersService } from './modules/users/service.js';
import { ViewsRepo } from './modules/views/repo.js';
import { ViewsService } from './modules/views/service.js';
import type { WebhookSender } from './modules/webhooks/delivery.js';
import type { OverdueEvents } from './modules/webhooks/overdue-events.js';
import type { WebhooksService } from './modules/webhooks/service.js';
import type { WebhookTargets } from './modules/webhooks/targets.js';
import { createWebhooks } from './modules/webhooks/wiring.js';

export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenSigner;
  repos: { users: UsersRepo; sessions: SessionsRepo; linkShares: LinkSharesRepo };
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
  assignees: TaskPartServices['assignees'];
  attachments: TaskPartServices['attachments'];
  comments: TaskPartServices['comments'];
  relations: TaskPartServices['relations'];
  reactions: TaskPartServices['reactions'];
  taskBulk: TaskPartServices['taskBulk'];
  taskDuplicates: TaskPartServices['taskDuplicates'];
  buckets: BucketsService;
  taskMoves: TaskMovesService;
  taskPositions: TaskPositionsService;
  /** The API routes as registered, for the token permission catalogue (app.ts collects them). */
  apiRoutes: ApiRouteRegistry;
  apiTokens: ApiTokensService;
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
  /** Reminder mails (told by the reminder sweep) and the daily overdue-tasks mail (swept in app.ts). */
  taskMail: TaskMail;
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

export function createContext(config: Config, db: Db): AppContext {
  const tokens = new TokenSigner(config.jwtSecret, config.jwtTtl, config.jwtTtlLong);
  const apiRoutes = new ApiRouteRegistry();
  const users = new UsersRepo(db.kysely);
  const sessions = new SessionsRepo(db);
  const projectsRepo = new ProjectsRepo(db.kysely);
  const viewsRepo = new ViewsRepo(db.kysely);
  const favoritesRepo = new FavoritesRepo(db.kysely);
  const rights = new RightsService(new RightsRepo(db.kysely));
  rights.addGrantSource(new ShareGrants(db.kysely));
  const teamsRepo = new TeamsRepo(db.kysely);
  const teams = new TeamsService(db.kysely, teamsRepo, users, config.publicTeams);
  const sharingAccess = new SharingAccess(projectsRepo, rights);
  const linkShares = new LinkSharesRepo(db);
  const access = new ProjectAccess(projectsRepo, rights);
  const projects = new ProjectsService(db.kysely, projectsRepo, viewsRepo, favoritesRepo, rights, access);
  const guard = new BruteForceGuard(new AuthFailuresRepo(db.kysely), config.bruteForce);
  const totp = new TotpService(config, new TotpRepo(db.kysely), users, guard);
  const accountMail = new AccountMailService(
    config,
    db.kysely,
    users,
    new AccountTokensRepo(db.kysely),
    createMailer(config),
    guard,
  );
  const openidProviders = new OpenIdProviders(config.openidProviders);
  const onboarding = {
    db: db.kysely,
    welcome: async (trx: typeof db.kysely, userId: number) => {
      const inbox = await projects.createInbox(trx, userId);
      await savedFilters.createMyOpenTasks(trx, userId);
      return inbox;
    },
  };
  const views = new ViewsService(db.kysely, viewsRepo, access);
  const labelsRepo = new LabelsRepo(db.kysely);
  const labels = new LabelsService(db.kysely, labelsRepo, rights);
  const taskDetails = new TaskDetails(
    new TaskDetailsRepo(db.kysely),
    labelsRepo,
    favoritesRepo,
    db.readTogether,
  );
  const taskFilters = new TaskFilterTranslator();
  views.useFilterCheck((filter) => taskFilters.parse(filter.filter));
  const files = createFileStore(config);
  const taskParts = new TaskParts(db.kysely, rights, files);
  projects.useTaskFiles(taskParts);
  const backgrounds = new BackgroundsService(db.kysely, files, access);
  projects.useProjectFiles(backgrounds);
  const tasks = new TasksService(
    db.kysely,
    new TasksRepo(db.kysely, db.dialect),
    rights,
    access,
    taskDetails,
    taskParts,
  );
  const partServices = createTaskPartServices({
    config,
    db,
    rights,
    access,
    tasks,
    details: taskDetails,
    filters: taskFilters,
    files,
  });
  const bucketsRepo = new BucketsRepo(db.kysely);
  const buckets = new BucketsService(db.kysely, bucketsRepo, viewsRepo, views);
  const taskSearch = new TaskSearch(db.kysely, db.dialect);
  const taskLists = new TaskListService(
    new TaskListRepo(db.kysely, taskSearch, db.dialect),
    rights,
    access,
    viewsRepo,
    taskDetails,
    taskFilters,
  );
  const savedFilters = new SavedFiltersService(
    db.kysely,
    new SavedFiltersRepo(db.kysely),
    viewsRepo,
    taskFilters,
    taskSearch,
  );
  projects.usePseudoProjects(savedFilters);
  views.usePseudoProjectAccess((userId, projectId) => savedFilters.demandViewAccess(userId, projectId));
  taskLists.useSavedFilters(savedFilters);
  const { webhookListeners, ...webhooks } = createWebhooks({
    config,
    db: db.kysely,
    access,
    rights,
    details: taskDetails,
    projects,
    teams,
    comments: partServices.comments,
  });
  const taskMail = wireTaskMail({
    db: db.kysely,
    rights,
    mailer: createMailer(config),
    publicUrl: config.publicUrl,
  });
  const warn = (message: string) => process.emitWarning(message);
  const liveNotifications = new LiveNotifications(
    new NotificationsRepo(db.kysely),
    rights,
    sessions,
    createLiveChannel(config.database, db.kysely, warn),
    warn,
  );
  const { events, ...notifying } = wireNotifications({
    db: db.kysely,
    rights,
    access,
    details: taskDetails,
    tasks,
    projects,
    teams,
    comments: partServices.comments,
    assignees: partServices.assignees,
    attachments: partServices.attachments,
    relations: partServices.relations,
    alsoTell: [taskMail.reminderMails, ...webhookListeners],
    announce: (created) => liveNotifications.announce(created),
  });
  const sharing = new ProjectSharingService(
    sharingAccess,
    new ProjectSharesRepo(db.kysely),
    users,
    teamsRepo,
    teams,
    config.publicTeams,
  );
  sharing.useNotifications(events);
  const taskMoves = new TaskMovesService(
    db.kysely,
    bucketsRepo,
    buckets,
    viewsRepo,
    views,
    tasks,
    taskDetails,
  );
  taskMoves.useNotifications(events);
  const apiTokens = new ApiTokensService(new ApiTokensRepo(db.kysely), apiRoutes, new VerifiedSecrets());
  const caldavRepo = new CaldavRepo(db.kysely);
  const caldavTokens = new CaldavTokensService(new CaldavTokensRepo(db.kysely));
  const taskLabels = new TaskLabelsService(db.kysely, labelsRepo, labels, tasks);
  const caldav = new CaldavService(
    caldavRepo,
    rights,
    access,
    tasks,
    taskDetails,
    labels,
    taskLabels,
    partServices.relations,
  );
  return {
    config,
    apiRoutes,
    apiTokens,
    caldavTokens,
    caldavAuth: new CaldavAuthenticator(users, caldavTokens, apiTokens, caldavRepo, config.totp, guard),
    caldav,
    caldavSync: new CaldavSync(caldav, new SyncRepo(db.kysely)),
    caldavCollections: new CaldavCollections(db.kysely, projects),
    teams,
    sharing,
    linkShares: new LinkSharesService(sharingAccess, linkShares, tokens, guard),
    db,
    tokens,
    repos: { users, sessions, linkShares },
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
    users: new UsersService(users, access),
    rights,
    projects,
    projectDuplicates: new ProjectDuplicateService(db.kysely, projectsRepo, access, projects, backgrounds),
    backgrounds,
    migration: new MigrationService(config, db, files, {
      projects,
      taskFiles: taskParts,
      mailer: createMailer(config),
    }),
    views,
    tasks,
    taskDetails,
    taskFilters,
    taskLists,
    savedFilters,
    labels,
    taskLabels,
    ...partServices,
    buckets,
    taskMoves,
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
    ),
    ...notifying,
    liveNotifications,
    taskMail,
    ...webhooks,
    account: createAccountServices(config, db, accountMail, {
      rights,
      taskDetails,
      teams: teamsRepo,
      files,
      comments: partServices.comments,
    }),
  };
}
