/**
 * Builds the Fastify app: opens and migrates the database, registers the API under /api/v1 and
 * the web app on every other path. Tests call this and use `inject`; main.ts calls it and listens.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { API_OBJECT_SCHEMAS, hasSignedInHint, ORDO_VERSION } from '@ordo/core';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config.js';
import { type AppContext, createContext } from './context.js';
import { type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { registerAuthentication } from './http/authenticate.js';
import { CORS_ALLOWED_HEADERS, CORS_METHODS, corsOriginAllowed } from './http/cors.js';
import { acceptEmptyJsonBodies } from './http/empty-json-body.js';
import { registerErrorHandler } from './http/error-handler.js';
import { holdIdsToTheirRange } from './http/id-range.js';
import { registerLoadShedding } from './http/load-shedding.js';
import { drawsLoginScreen, LOGIN_SCREEN_VARY, loadLoginScreen } from './http/login-screen.js';
import { methodsAt } from './http/method-not-allowed.js';
import { refuseNulText } from './http/nul-text.js';
import { finishOpenApiDocument, type OpenApiDocument } from './http/openapi-document.js';
import { parseQueryString } from './http/query-string.js';
import { databaseRateLimitStore } from './http/rate-limit-store.js';
import { echoRequestIds, requestIdMixin, requestIdOf } from './http/request-id.js';
import { registerRequestScope } from './http/request-scope.js';
import { trackRequestsInFlight } from './http/requests-in-flight.js';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.js';
import { registerValidators } from './http/validators.js';
import { isApiPath, isAppRoute, registerWebApp } from './http/web-app.js';
import { type Housekeeping, startHousekeeping } from './jobs/housekeeping.js';
import { jobLeadership } from './jobs/leadership.js';
import { type Periodic, runPeriodically } from './jobs/periodic.js';
import { type ReminderSweep, startReminderSweep } from './jobs/reminder-sweep.js';
import { startPostingsCompaction } from './jobs/search-postings.js';
import { accountRoutes } from './modules/account/routes.js';
import { activityRoutes } from './modules/activity/routes.js';
import { assigneeRoutes } from './modules/assignees/routes.js';
import { sweepOrphanFilesAtStart } from './modules/attachments/files/orphans.js';
import { attachmentRoutes } from './modules/attachments/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { sessionRoutes } from './modules/auth/sessions-routes.js';
import { totpRoutes } from './modules/auth/totp-routes.js';
import { avatarRoutes } from './modules/avatars/routes.js';
import { backgroundRoutes } from './modules/backgrounds/routes.js';
import { bucketRoutes } from './modules/buckets/routes.js';
import { addDavMethods, caldavRoutes, DAV_ALLOW } from './modules/caldav/routes.js';
import { caldavTokenRoutes } from './modules/caldav/tokens-routes.js';
import { commentRoutes } from './modules/comments/routes.js';
import { customFieldsRoutes } from './modules/custom-fields/routes.js';
import { exportRoutes } from './modules/export/routes.js';
import { savedFilterRoutes } from './modules/filters/routes.js';
import { registerIdempotency } from './modules/idempotency/hooks.js';
import { IdempotencyRepo } from './modules/idempotency/repo.js';
import { currentInfo, infoRoutes } from './modules/info/routes.js';
import { labelRoutes } from './modules/labels/routes.js';
import { LIVE_TIMINGS, type LiveTimings } from './modules/live/connection.js';
import { liveRoutes } from './modules/live/routes.js';
import { registerMetrics } from './modules/metrics/plugin.js';
import { migrationRoutes } from './modules/migration/routes.js';
import { notificationRoutes } from './modules/notifications/routes.js';
import { openIdRoutes } from './modules/openid/routes.js';
import { taskPositionRoutes } from './modules/positions/routes.js';
import { projectExportRoutes } from './modules/project-export/routes.js';
import { projectRoutes } from './modules/projects/routes.js';
import { reactionRoutes } from './modules/reactions/routes.js';
import { relationRoutes } from './modules/relations/routes.js';
import { sharingRoutes } from './modules/sharing/routes.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { taskRoutes } from './modules/tasks/routes.js';
import { teamRoutes } from './modules/teams/routes.js';
import { templatesRoutes } from './modules/templates/routes.js';
import { apiTokenRoutes } from './modules/tokens/routes.js';
import { trashRoutes } from './modules/trash/routes.js';
import { unreadRoutes } from './modules/unread/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { viewRoutes } from './modules/views/routes.js';
import { webhookRoutes } from './modules/webhooks/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    ordo: AppContext;
  }
}

/** How long a stopping server waits for requests still being answered before closing the database. */
const CLOSE_GRACE_MS = 5_000;
/** How often due webhook retries are looked for (the first comes a second after a failure). */
const WEBHOOK_RETRY_POLL_MS = 500;

export interface BuildOptions {
  /** pino logger options, or false to stay quiet (tests). */
  logger?: boolean | Record<string, unknown>;
  /**
   * Migrate the database and keep its planner statistics (default). A worker process leaves
   * both to the primary process that started it (cluster.ts).
   */
  prepareDatabase?: boolean;
  /** The live WebSocket's auth timeout, ping interval and write timeout; tests shorten them. */
  liveTimings?: Partial<LiveTimings>;
  /**
   * Compact the search postings in the background (the process that prepares the
   * database; default). Tests that look at the log between edits compact by hand.
   */
  compactSearchPostings?: boolean;
  /** How often load shedding samples the event loop, in ms (default 1000; tests shorten it). */
  pressureSampleIntervalMs?: number;
}

/** Fastify's pino options: the configured level, and service log lines carry the request's id. */
function loggerOptions(config: Config, given: BuildOptions['logger']): false | Record<string, unknown> {
  if (given === false) return false;
  return { level: config.logLevel, ...(typeof given === 'object' ? given : {}), mixin: requestIdMixin };
}

/** Opens the database, brings it to the latest schema and keeps its planner statistics. */
export async function preparedDatabase(config: Config): Promise<Db> {
  const db = openDatabase(config.database, { queryMetrics: config.metrics.kind !== 'off' });
  try {
    await migrateToLatest(db);
    db.keepStatistics();
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const db =
    options.prepareDatabase === false
      ? openDatabase(config.database, { queryMetrics: config.metrics.kind !== 'off' })
      : await preparedDatabase(config);

  const headers = securityHeaders(config.publicUrl);
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    // The client's X-Request-Id when it looks like one (http/request-id.ts).
    genReqId: requestIdOf,
    // A path Fastify cannot decode is answered before any hook runs: the same answer as
    // Fastify's own, with the headers.
    frameworkErrors: (error, _request, reply) =>
      (reply as FastifyReply)
        .headers(headers)
        .status(400)
        .send({ error: 'Bad Request', code: error.code, message: error.message, statusCode: 400 }),
    // JSON and CalDAV bodies; uploads and imports stream as multipart under their own limits.
    bodyLimit: config.maxBodySize,
    trustProxy: config.trustProxy,
    ajv: { customOptions: { coerceTypes: 'array' } },
    routerOptions: {
      querystringParser: parseQueryString,
      // A username (up to 250 characters, each up to 12 once percent-encoded) is a path parameter
      // of sharing and team routes; Fastify's default of 100 refused long ones there.
      maxParamLength: 3000,
    },
  });
  const inFlight = trackRequestsInFlight(app);
  const ctx = createContext(config, db, { log: app.log, requestsInFlight: () => inFlight.count() });
  app.decorate('ordo', ctx);
  let housekeeping: Housekeeping | null = null;
  let postingsCompaction: Periodic | null = null;
  let reminderSweep: ReminderSweep | null = null;
  let webhookRetries: Periodic | null = null;
  // Which of several servers on one PostgreSQL database runs each job (jobs/leadership.ts).
  const leadership = jobLeadership(config.database, app.log);
  app.addHook('onClose', async () => {
    await ctx.liveChannel.stop();
    await inFlight.settled(CLOSE_GRACE_MS);
    await ctx.account.dataExports.settled(CLOSE_GRACE_MS);
    // A running import stops and rolls back what it wrote.
    await ctx.migration.close();
    await housekeeping?.stop();
    await postingsCompaction?.stop();
    await reminderSweep?.stop();
    await webhookRetries?.stop();
    await leadership.close();
    await ctx.webhookDeliveries.stop(CLOSE_GRACE_MS);
    await db.close();
  });

  registerValidators(app);
  acceptEmptyJsonBodies(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, headers);
  refuseNulText(app);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, !origin || corsOriginAllowed(origin, config.corsOrigins)),
    credentials: true,
    methods: CORS_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: [
      'x-pagination-total-pages',
      'x-pagination-result-count',
      'x-max-right',
      'x-max-permission',
      // A shed request's wait, and whether an answer is the replay of an earlier retry's.
      'retry-after',
      'idempotent-replayed',
      // A task's version, sent back in If-Match to update it only if nobody changed it meanwhile.
      'etag',
    ],
  });
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db.kysely),
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ordo API',
        version: ORDO_VERSION,
        description: "Ordo's HTTP API, wire-compatible with Vikunja's /api/v1.",
      },
      components: {
        securitySchemes: { JWTKeyAuth: { type: 'http', scheme: 'bearer' } },
        // The API's objects from core's contract, the same schemas the serialisers are typed by.
        schemas: API_OBJECT_SCHEMAS,
      },
      security: [{ JWTKeyAuth: [] }],
    },
    transformObject: (built) =>
      'openapiObject' in built
        ? finishOpenApiDocument(built.openapiObject as OpenApiDocument, config.publicUrl)
        : built.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/v1/docs' });

  // Synchronous on purpose: this runs on every response, and an async hook costs a promise each.
  app.addHook('onSend', (request, reply, payload, done) => {
    // A route that says how to cache its answer (avatars) keeps its word.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  // Shed load before the token check's database read; skip the work of clients that have gone.
  await registerLoadShedding(app, config, db, { sampleIntervalMs: options.pressureSampleIntervalMs });
  echoRequestIds(app);
  registerRequestScope(app);
  registerAuthentication(app, ctx);
  registerIdempotency(app, new IdempotencyRepo(db.kysely));
  ctx.apiRoutes.collectFrom(app);
  holdIdsToTheirRange(app);
  // New notifications written by the other server processes reach this one's live sockets.
  app.addHook('onReady', () =>
    ctx.liveChannel.start(({ notifications, changes, presence }) => {
      ctx.liveNotifications.heard(notifications);
      ctx.liveChanges.heard(changes);
      ctx.liveChanges.presence.heard(presence);
    }),
  );
  // Imports whose process died mid-way are rolled back (a claim keeps two processes from both
  // doing it); not awaited, so a large rollback does not hold up the start.
  app.addHook('onReady', async () => {
    ctx.migration.recoverStale().catch((error: Error) => app.log.error(`import recovery: ${error.message}`));
  });
  // Due reminders become notifications and mails, and overdue-tasks mails and webhook events go
  // out, in every process (on PostgreSQL, in the one leading the job): claims in the database
  // keep anything from being sent twice.
  app.addHook('onReady', async () => {
    const { overdueEvents } = ctx;
    reminderSweep = startReminderSweep(
      [
        { sends: 'due reminders', job: 'due_reminders', sweep: () => ctx.reminderNotifications.sweep() },
        {
          sends: 'overdue task mails',
          job: 'overdue_task_mails',
          sweep: () => ctx.taskMail.overdueDigests.sweep(),
        },
        ...(overdueEvents
          ? [
              {
                sends: 'overdue webhook events',
                job: 'overdue_webhook_events',
                sweep: () => overdueEvents.sweep(),
              } as const,
            ]
          : []),
      ],
      app.log,
      { leadership },
    );
  });
  // Webhook deliveries that failed are retried from the database, by one process of all servers.
  if (config.webhooks) {
    app.addHook('onReady', async () => {
      webhookRetries = runPeriodically(
        () =>
          ctx.webhookDeliveries
            .retryDue()
            .catch((error: Error) =>
              app.log.warn(`webhook retries were not sent this time: ${error.message}`),
            ),
        { intervalMs: WEBHOOK_RETRY_POLL_MS, job: 'webhook_retries', leadership },
      );
    });
  }
  // Files whose owners went away by a cascade (a deleted user's projects) are removed at start-up,
  // by the process that prepares the database; a worker leaves it to its primary (cluster.ts).
  if (options.prepareDatabase !== false) {
    app.addHook('onReady', () => sweepOrphanFilesAtStart(db.kysely, config, app.log));
    // Due account deletions and expired data exports (jobs/housekeeping.ts).
    app.addHook('onReady', async () => {
      housekeeping = startHousekeeping(db.kysely, config, app.log, { leadership });
      // The log of changed search postings folded into them (jobs/search-postings.ts).
      if (options.compactSearchPostings !== false) {
        postingsCompaction = startPostingsCompaction(db, app.log, { leadership });
      }
    });
  }

  const info = currentInfo(config, ctx.openidProviders);
  await app.register(
    async (api) => {
      infoRoutes(api, info);
      openIdRoutes(api, ctx);
      authRoutes(api, ctx);
      totpRoutes(api, ctx);
      sessionRoutes(api, ctx);
      accountRoutes(api, ctx);
      exportRoutes(api, ctx);
      userRoutes(api, ctx);
      projectRoutes(api, ctx);
      projectExportRoutes(api, ctx);
      viewRoutes(api, ctx);
      teamRoutes(api, ctx);
      sharingRoutes(api, ctx);
      taskRoutes(api, ctx);
      unreadRoutes(api, ctx);
      labelRoutes(api, ctx);
      savedFilterRoutes(api, ctx);
      assigneeRoutes(api, ctx);
      relationRoutes(api, ctx);
      reactionRoutes(api, ctx);
      activityRoutes(api, ctx);
      trashRoutes(api, ctx);
      templatesRoutes(api, ctx);
      customFieldsRoutes(api, ctx);
      bucketRoutes(api, ctx);
      taskPositionRoutes(api, ctx);
      apiTokenRoutes(api, ctx);
      subscriptionRoutes(api, ctx);
      notificationRoutes(api, ctx);
      // Switched-off features have no routes at all, so they answer 404.
      if (config.taskComments) commentRoutes(api, ctx);
      if (config.caldav) caldavTokenRoutes(api, ctx);
      if (config.webhooks) webhookRoutes(api, ctx);
      if (config.taskAttachments) await api.register((scope) => attachmentRoutes(scope, ctx));
      if (config.backgrounds) await api.register((scope) => backgroundRoutes(scope, ctx));
      await api.register((scope) => avatarRoutes(scope, ctx));
      await api.register((scope) => migrationRoutes(scope, ctx));
      api.get('/docs.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api/v1' },
  );
  // The live WebSocket (reference §2.19, §6.2), on /api/v1/ws and /api/v2/ws.
  liveRoutes(app, ctx, {
    timings: { ...LIVE_TIMINGS, ...options.liveTimings },
    upgraded: (request) => inFlight.upgraded(request),
  });
  // CalDAV (reference §2.18) has its own authentication, body parsers and error answers.
  if (config.caldav) {
    addDavMethods(app);
    await app.register((scope) => caldavRoutes(scope, ctx));
  }
  app.get('/health', { schema: { hide: true } }, async (_req, reply) => reply.type('text/plain').send('OK'));
  // /metrics and /health/ready (modules/metrics).
  registerMetrics(app, { access: config.metrics, db });

  const hasWebApp = await registerWebApp(app, config.webDistDir);
  const loginScreen = hasWebApp ? await loadLoginScreen(config.webDistDir, info) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const get = request.method === 'GET' || request.method === 'HEAD';
    // A path with a file extension (an old build's chunk, a missing icon) is a 404, not index.html.
    if (hasWebApp && get && !isApiPath(request.url) && isAppRoute(request.url)) {
      // A first visit of the login page, or of a page that sends a visitor without a session there,
      // gets the form drawn here (http/login-screen.ts), unless this browser holds a session
      // (core: signed-in-hint.ts).
      const drawnHere = loginScreen !== null && drawsLoginScreen(request.url);
      if (drawnHere && !hasSignedInHint(request.headers.cookie) && (await loginScreen.send(request, reply)))
        return reply;
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', drawnHere ? LOGIN_SCREEN_VARY : 'Accept-Encoding')
        .sendFile('index.html');
    }
    // A DAV method Ordo does not serve (a MOVE, COPY or LOCK): 405 says which it does, where a 404
    // would tell the app that the task is gone.
    if (request.url.startsWith('/dav/') && !DAV_ALLOW.split(', ').includes(request.method))
      return reply
        .status(405)
        .header('allow', DAV_ALLOW)
        .type('text/plain; charset=utf-8')
        .send('Method Not Allowed');
    if (request.url.startsWith('/api/')) {
      const allowed = methodsAt(app, request.url);
      if (allowed.length > 0)
        return reply.status(405).header('allow', allowed.join(', ')).send({ message: 'Method Not Allowed' });
    }
    return reply.status(404).send({ message: 'Not Found' });
  });
  return app;
}
