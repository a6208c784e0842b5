/**
 * Every request has an id: the client's (or its proxy's) `X-Request-Id` when it looks like an
 * id, a new UUID otherwise. The answer names it in `X-Request-Id`, Fastify's request log lines
 * carry it as `reqId`, and so do the lines the services write while working for the request (the
 * logger's mixin reads it from the request's work scope, http/request-scope.ts), so one id finds
 * everything a request did.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { requestWork } from '../db/request-work.js';

/**
 * An id from outside goes into every log line: short, and of characters that cannot break a log
 * line or a header (UUIDs, hex, base64, the ids of common proxies).
 */
const SANE_ID = /^[A-Za-z0-9._:+=/-]{1,128}$/;

/** Fastify's `genReqId`. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

export function echoRequestIds(app: FastifyInstance): void {
  // Synchronous: it runs on every request, and an async hook costs a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}

/**
 * pino's `mixin`: a line written during a request's work gets its id, unless the logger is
 * Fastify's request logger, which has it already.
 */
export function requestIdMixin(_merge: object, _level: number, logger: unknown): object {
  // A new object each time: pino merges the line's own fields into what the mixin returns.
  const id = requestWork.getStore()?.requestId;
  if (!id) return {};
  const bindings = (logger as Record<symbol, string | undefined>)[pino.symbols.chindingsSym];
  return bindings?.includes('"reqId":') ? {} : { reqId: id };
}
