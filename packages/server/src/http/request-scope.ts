/**
 * Runs each request's hooks and handler inside its database work scope (db/request-work.ts), so
 * the database layer skips the work of a request whose client has already gone: a client that
 * gave up waiting (a time-out under load, a closed tab) gets no answer, and a write no one saw
 * acknowledged must not land behind its back. The scope is entered at onRequest (the token check
 * reads the database) and again at preValidation: reading the body runs on the socket's events,
 * outside the context entered before it.
 */
import { TAB_HEADER, TAB_ID_SHAPE } from '@ordo/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClientGoneError, type RequestWork, requestWork } from '../db/request-work.js';

const tabHeader = TAB_HEADER.toLowerCase();

const scopes = new WeakMap<FastifyRequest, RequestWork>();

export function registerRequestScope(app: FastifyInstance): void {
  // Synchronous hooks: they run on every request, and an async hook costs a promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    const socket = request.raw.socket;
    const tab = request.headers[tabHeader];
    const work: RequestWork = {
      wrote: false,
      clientGone: () => socket?.destroyed === true,
      requestId: request.id,
      ...(typeof tab === 'string' && TAB_ID_SHAPE.test(tab) ? { tab } : {}),
    };
    scopes.set(request, work);
    requestWork.run(work, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const work = scopes.get(request);
    if (work) requestWork.run(work, done);
    else done();
  });
}

/** The request's database work scope (null before onRequest, e.g. for a 404 of the router). */
export function workOf(request: FastifyRequest): RequestWork | null {
  return scopes.get(request) ?? null;
}

export function isClientGone(error: unknown): boolean {
  return error instanceof ClientGoneError;
}
