/**
 * This process's metrics, in one prom-client registry. The counters and histograms are
 * process-wide (every app built in the process adds to them, as tests build several); the gauges
 * of things an app owns (its database's connection queue, its open WebSockets) are read at scrape
 * time from the sources each app adds while it runs (gauge-sources.ts).
 *
 * Label values are bounded sets: a route is Fastify's route pattern, never the raw URL.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** 1 in each process; summed over a cluster's processes, it says how many a scrape holds. */
new Gauge({
  name: 'ordo_server_processes',
  help: 'Server processes whose metrics this scrape holds (the cluster primary counts as one)',
  registers: [registry],
}).set(1);

export const httpRequests = new Counter({
  name: 'ordo_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'ordo_http_request_duration_seconds',
  help: 'Time from receiving an HTTP request to sending the last byte of its answer',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const dbQueries = new Counter({
  name: 'ordo_db_queries_total',
  help: 'Database queries run, by dialect, and whether they failed',
  labelNames: ['dialect', 'outcome'] as const,
  registers: [registry],
});

export const dbQueryDuration = new Histogram({
  name: 'ordo_db_query_duration_seconds',
  help: 'Time a database query took, including its wait for a connection, by dialect',
  labelNames: ['dialect'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'ordo_job_runs_total',
  help: 'Runs of a background job (a mail sent, a sweep, a webhook delivery attempt, an import)',
  labelNames: ['job'] as const,
  registers: [registry],
});

export const jobFailures = new Counter({
  name: 'ordo_job_failures_total',
  help: 'Runs of a background job that failed',
  labelNames: ['job'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'ordo_job_duration_seconds',
  help: 'Time a background job run took',
  labelNames: ['job'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300],
  registers: [registry],
});

export const webhookRetries = new Counter({
  name: 'ordo_webhook_retries_total',
  help: 'Webhook delivery attempts after a failed one',
  registers: [registry],
});
