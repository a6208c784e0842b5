/**
 * Metrics and readiness for one app (app.ts registers it): counts and times every answered
 * request under its route pattern, adds the app's database and WebSockets to the gauges while it
 * runs, and serves
 * - `GET /metrics`: Prometheus text, of the whole server when it runs as several processes
 *   (cluster-metrics.ts); who may read it is `config.metrics` (config-metrics.ts);
 * - `GET /health/ready`: 200 when the database answers and is fully migrated, 503 with the reason
 *   otherwise (readiness.ts).
 */
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { MetricsAccess } from '../../config-metrics.js';
import type { Db } from '../../db/database.js';
import { scrapeVerdict } from './access.js';
import { answerMetricsCollection, scrapeWholeServer } from './cluster-metrics.js';
import { addGaugeSource } from './gauge-sources.js';
import { readiness } from './readiness.js';
import { httpDuration, httpRequests, registry } from './registry.js';

/** The route label of a request no route matched (a 404 of the router, the web app's fallback). */
const UNMATCHED = 'unmatched';

export function registerMetrics(app: FastifyInstance, deps: { access: MetricsAccess; db: Db }): void {
  // Synchronous: it runs on every request, and an async hook costs a promise each. Left out
  // when no one may read the metrics.
  if (deps.access.kind !== 'off') {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
      httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      done();
    });
  }

  const stops: (() => void)[] = [];
  app.addHook('onReady', async () => {
    stops.push(addGaugeSource({ db: deps.db, websockets: () => app.websocketServer?.clients.size ?? 0 }));
    if (cluster.isWorker) stops.push(answerMetricsCollection());
  });
  app.addHook('onClose', async () => {
    for (const stop of stops.splice(0)) stop();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const verdict = scrapeVerdict(deps.access, request.headers.authorization);
    if (verdict === 'off') return reply.status(404).send({ message: 'Not Found' });
    if (verdict === 'unauthorized') {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'The metrics need the bearer token of ORDO_METRICS_TOKEN.' });
    }
    const text = cluster.isWorker ? await scrapeWholeServer() : await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });

  app.get('/health/ready', { schema: { hide: true } }, async (_request, reply) => {
    const state = await readiness(deps.db);
    if (state.ready) return reply.send({ status: 'ready' });
    return reply.status(503).send({ status: 'not ready', reason: state.reason });
  });
}
