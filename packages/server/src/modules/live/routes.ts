/**
 * GET /api/v1/ws and GET /api/v2/ws (reference §2.19, §6.2): one route for both, so the two share
 * one rate-limit budget per IP, limited like /login. The upgrade needs no token (browsers cannot
 * send one): the socket signs in with its first frame. A browser's Origin must be the server's own
 * host or one of the CORS origins; clients that send none (apps, scripts) are let through, as CORS lets them through.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { type AuthenticationDeps, userFromSessionToken } from '../../http/authenticate.js';
import { corsOriginAllowed } from '../../http/cors.js';
import { authRateLimit } from '../../http/rate-limit.js';
import { LiveConnection, type LiveTimings } from './connection.js';
import type { LiveChanges } from './live-changes.js';
import type { LiveNotifications } from './live-notifications.js';

/** What these routes use, given by the composition root (context.ts). */
export interface LiveRoutesDeps extends AuthenticationDeps {
  config: Config;
  liveNotifications: LiveNotifications;
  liveChanges: LiveChanges;
}

export function liveRoutes(
  app: FastifyInstance,
  ctx: LiveRoutesDeps,
  options: {
    timings: LiveTimings;
    /** The request became a socket: it is no longer a request being answered (requests-in-flight.ts). */
    upgraded(request: FastifyRequest): void;
  },
): void {
  const live = ctx.liveNotifications;
  // The rate limit's X-RateLimit-* headers are set on the reply, which an upgrade never sends:
  // they are copied into the 101 answer that ws writes instead.
  const limitHeaders = new WeakMap<IncomingMessage, string[]>();
  app.websocketServer.on('headers', (headers: string[], request: IncomingMessage) => {
    headers.push(...(limitHeaders.get(request) ?? []));
  });
  app.route({
    method: 'GET',
    url: '/api/:version(^v[12]$)/ws',
    config: { public: true, ...authRateLimit(ctx.config) },
    schema: { hide: true },
    onRequest: async (request, reply) => {
      const origin = request.headers.origin;
      if (origin && !sameHost(origin, request.host) && !corsOriginAllowed(origin, ctx.config.corsOrigins)) {
        return reply.status(403).send({ message: 'Origin not allowed' });
      }
    },
    preHandler: async (request, reply) => {
      const lines = Object.entries(reply.getHeaders())
        .filter(([name]) => name.startsWith('x-ratelimit-'))
        .map(([name, value]) => `${name}: ${String(value)}`);
      if (lines.length > 0) limitHeaders.set(request.raw, lines);
    },
    handler: async (_request, reply) =>
      reply.status(426).header('upgrade', 'websocket').send({ message: 'Upgrade Required' }),
    wsHandler: (socket, request) => {
      options.upgraded(request);
      new LiveConnection(socket, {
        timings: options.timings,
        authenticate: async (token) => {
          const user = await userFromSessionToken(ctx, token);
          return user?.sessionId ? { userId: user.userId, sessionId: user.sessionId } : null;
        },
        joined: (connection) => live.joined(connection),
        left: (connection) => live.left(connection),
        topics: ctx.liveChanges,
      });
    },
  });
}

/** The app's own page, reached by whatever name (the CORS default is the public address only). */
function sameHost(origin: string, host: string): boolean {
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
