/**
 * Requests still being answered when the server stops. Fastify's close waits for connections to
 * end, not for handlers: when a client goes away mid-request (a load test stopping, a browser
 * tab closing), its handler may still be reading the database as `onClose` closes it, and fails
 * with "driver has already been destroyed". The database is closed once these have settled.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

const tracked = new WeakSet<FastifyRequest>();

export interface RequestsInFlight {
  /** Resolves when no request is being answered, or after `graceMs` at the latest. */
  settled(graceMs: number): Promise<void>;
  /** A request that became a WebSocket: neither onSend nor onResponse comes for it. */
  upgraded(request: FastifyRequest): void;
  /** How many are being answered now (background work such as an import lets them go first). */
  count(): number;
}

export function trackRequestsInFlight(app: FastifyInstance): RequestsInFlight {
  let count = 0;
  let onIdle: (() => void) | null = null;
  const finished = (request: FastifyRequest) => {
    if (!tracked.delete(request)) return;
    count--;
    if (count === 0) onIdle?.();
  };
  // Synchronous hooks: they run on every request, and an async hook costs a promise each.
  app.addHook('onRequest', (request, _reply, done) => {
    tracked.add(request);
    count++;
    done();
  });
  // The handler has its answer by onSend, even when the client is gone and onResponse never comes.
  app.addHook('onSend', (request, _reply, payload, done) => {
    finished(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  return {
    upgraded: finished,
    count: () => count,
    settled(graceMs) {
      if (count === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
  };
}
