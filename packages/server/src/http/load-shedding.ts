/**
 * Load shedding: when a server process is saturated it answers 503 with Retry-After at once
 * instead of queueing requests until their clients time out (and then doing their work anyway).
 * Saturated means the mean event-loop delay or the event-loop utilisation over the last sample
 * (@fastify/under-pressure), or the number of queries waiting for a database connection or the
 * time the longest-waiting of them has waited (db/guarded-dialect.ts), is past its limit
 * (config.ts; 0 turns a limit off). The wait is what a client feels: on a slow or starved host a
 * short queue can already hold requests for seconds, and those admitted would time out.
 *
 * /health and /api/v1/info keep answering: they say the process is alive, and a load balancer
 * that took every busy instance out of rotation at once would turn a surge into an outage. It
 * sees the 503s (with Retry-After) on the API itself and can send those requests elsewhere.
 * /metrics keeps answering too: an overload is when its numbers are wanted most.
 *
 * The web app's own files (index.html, its scripts and styles) are never shed: sending a built
 * file costs next to nothing and needs no database, while a page whose stylesheet or chunk was
 * refused stays broken until a reload. Its API calls are the ones that wait and retry.
 */
import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { fail } from './api-error.js';
import { isApiPath } from './web-app.js';

const ALWAYS_ANSWERED = new Set(['/health', '/api/v1/info', '/metrics']);

function exempt(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  return ALWAYS_ANSWERED.has(path) || !isApiPath(path);
}

export interface LoadSheddingOptions {
  /** How often the event loop's delay and utilisation are sampled, in ms (tests shorten it). */
  sampleIntervalMs?: number;
}

export async function registerLoadShedding(
  app: FastifyInstance,
  config: Config,
  db: Db,
  options: LoadSheddingOptions = {},
): Promise<void> {
  // One warning a second at most: a line per shed request would add to the load.
  let shedSinceWarning = 0;
  let lastWarning = 0;
  const shed = (request: FastifyRequest, reply: FastifyReply, reason: string) => {
    shedSinceWarning++;
    const now = Date.now();
    if (now - lastWarning >= 1000) {
      request.log.warn(
        `overloaded (${reason}): ${shedSinceWarning} request(s) answered 503 since the last warning`,
      );
      shedSinceWarning = 0;
      lastWarning = now;
    }
    const error = fail('serverBusy', [config.retryAfter]);
    reply.status(503).header('retry-after', String(config.retryAfter));
    return error.toBody();
  };
  const sampleInterval = options.sampleIntervalMs ?? 1000;
  // Building the app keeps the event loop busy before it listens: the first samples would shed
  // the first requests. Shedding starts once a whole sample has passed after start-up.
  let armedAt = Number.POSITIVE_INFINITY;
  app.addHook('onReady', (done) => {
    armedAt = Date.now() + 2 * sampleInterval;
    done();
  });
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelay,
    maxEventLoopUtilization: config.maxEventLoopUtilization / 100,
    // The utilisation of the last sample, not since the start.
    eventLoopUtilizationMode: 'interval',
    sampleInterval,
    retryAfter: config.retryAfter,
    // Returning nothing lets the request through; returning a body answers with it (the plugin
    // sends a non-null result; its types say void). A sample in which the event loop never
    // turned counts as an infinite delay.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, type: string) =>
      exempt(request) || Date.now() < armedAt
        ? undefined
        : shed(request, reply, type)) as unknown as FastifyUnderPressureOptions['pressureHandler'],
  });
  // Before the token check, which waits for a connection itself. The limit is read on each
  // request (0 turns it off).
  app.addHook('onRequest', (request, reply, done) => {
    const queueLimit = config.maxDbQueue;
    const waitLimit = config.maxDbWait;
    const queueFull = queueLimit !== 0 && db.waitingForConnection() > queueLimit;
    const waitTooLong = waitLimit !== 0 && db.longestConnectionWaitMs() > waitLimit;
    if ((!queueFull && !waitTooLong) || exempt(request)) return done();
    reply.send(shed(request, reply, queueFull ? 'database queue' : 'database wait'));
  });
}
