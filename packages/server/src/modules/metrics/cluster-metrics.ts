/**
 * One scrape reports the whole server. With several server processes (cluster.ts) a scrape of
 * /metrics reaches one worker, so that worker asks the primary over the IPC channel; the primary
 * asks every worker for its metrics as JSON, adds its own (the housekeeping and search postings
 * jobs and their database run there), and sums them with prom-client's AggregatorRegistry
 * (counters and histograms add up, gauges add up unless they say otherwise). The text goes back
 * to the worker that was asked. A worker that does not answer in time is left out of that scrape
 * (`ordo_server_processes` says how many processes a scrape holds).
 */

import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry } from 'prom-client';
import { registry } from './registry.js';

/** One process's metrics, as `getMetricsAsJSON` gives them. */
type ProcessMetrics = Awaited<ReturnType<typeof registry.getMetricsAsJSON>>;

const SCRAPE = 'ordo:metrics:scrape';
const SCRAPED = 'ordo:metrics:scraped';
const COLLECT = 'ordo:metrics:collect';
const COLLECTED = 'ordo:metrics:collected';

/** How long a scrape waits for the primary, and the primary for each worker. */
const WORKER_ANSWER_MS = 3_000;
const SCRAPE_ANSWER_MS = 5_000;

type Message = { type?: unknown; id?: unknown; metrics?: unknown; text?: unknown; error?: unknown };
const asMessage = (value: unknown): Message => (value && typeof value === 'object' ? (value as Message) : {});

/** The primary's side: answers the workers' scrapes with the metrics of all processes. */
export function serveClusterMetrics(): void {
  cluster.on('message', (worker, raw) => {
    const message = asMessage(raw);
    if (message.type !== SCRAPE) return;
    wholeServerMetrics().then(
      (text) => worker.send({ type: SCRAPED, id: message.id, text }),
      (error: Error) => worker.send({ type: SCRAPED, id: message.id, error: error.message }),
    );
  });
}

async function wholeServerMetrics(): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w?.isConnected());
  const answers = await Promise.all(workers.map(metricsOf));
  const all = [await registry.getMetricsAsJSON(), ...answers.filter((a) => a !== null)];
  return AggregatorRegistry.aggregate(all).metrics();
}

function metricsOf(worker: Worker): Promise<ProcessMetrics | null> {
  const id = randomUUID();
  return new Promise((resolve) => {
    const done = (value: ProcessMetrics | null) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      resolve(value);
    };
    const onMessage = (raw: unknown) => {
      const message = asMessage(raw);
      if (message.type === COLLECTED && message.id === id) done(message.metrics as ProcessMetrics);
    };
    const timer = setTimeout(() => done(null), WORKER_ANSWER_MS);
    worker.on('message', onMessage);
    try {
      worker.send({ type: COLLECT, id });
    } catch {
      done(null);
    }
  });
}

/**
 * A worker's side: hands its own metrics to the primary when asked. The returned function stops
 * listening (the app closing).
 */
export function answerMetricsCollection(): () => void {
  const onMessage = (raw: unknown) => {
    const message = asMessage(raw);
    if (message.type !== COLLECT) return;
    registry
      .getMetricsAsJSON()
      .then((metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics }));
  };
  process.on('message', onMessage);
  return () => {
    process.off('message', onMessage);
  };
}

/** A worker's scrape: the whole server's metrics, gathered by the primary. */
export function scrapeWholeServer(): Promise<string> {
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, text?: string) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (error) reject(error);
      else resolve(text ?? '');
    };
    const onMessage = (raw: unknown) => {
      const message = asMessage(raw);
      if (message.type !== SCRAPED || message.id !== id) return;
      if (typeof message.error === 'string') done(new Error(message.error));
      else done(null, String(message.text));
    };
    const timer = setTimeout(() => done(new Error('the primary process did not answer')), SCRAPE_ANSWER_MS);
    process.on('message', onMessage);
    process.send?.({ type: SCRAPE, id });
  });
}
