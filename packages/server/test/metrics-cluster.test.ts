/**
 * /metrics of the built server with ORDO_WORKERS=2: whichever process a scrape reaches, it reports
 * the whole server, the sum over both server processes and the primary (modules/metrics/cluster-metrics.ts).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuiltServer,
  builtMain,
  freePort,
  READY_TIMEOUT_MS,
  startBuiltServer,
  untilReady,
} from './support/built-server.js';
import { parsePrometheusText, type Sample, sampleValue } from './support/prometheus-text.js';
import { createEmptyDatabase, testDialect } from './support/test-app.js';

const TOKEN = 'cluster-scrape-token-42';
const INFO = { method: 'GET', route: '/api/v1/info', status: '200' };

describe('/metrics with several server processes (ORDO_WORKERS=2)', () => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
  let server: BuiltServer;

  beforeAll(async () => {
    expect(existsSync(builtMain), `${builtMain} is missing; run npm run build`).toBe(true);
    database = await createEmptyDatabase();
    server = startBuiltServer(
      {
        DATABASE_URL: database.url,
        ORDO_DATA_DIR: database.dataDir,
        ORDO_WORKERS: '2',
        ORDO_METRICS_TOKEN: TOKEN,
      },
      await freePort(),
    );
    await untilReady(server.output);
  }, READY_TIMEOUT_MS + 30_000);

  afterAll(async () => {
    await server.stop();
    await database.drop();
  });

  async function scrape(): Promise<Sample[]> {
    const res = await server.call('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status, res.body).toBe(200);
    return parsePrometheusText(res.body);
  }

  it('refuses a scrape without the token in every process', async () => {
    for (let i = 0; i < 4; i++) expect((await server.call('/metrics')).status).toBe(401);
  });

  it('sums the counters over both server processes and the primary, whichever answers the scrape', async () => {
    const before = sampleValue(await scrape(), 'ordo_http_requests_total', INFO);
    const answers = await Promise.all(Array.from({ length: 20 }, () => server.call('/api/v1/info')));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

    for (let i = 0; i < 6; i++) {
      const samples = await scrape();
      // Two workers and the primary.
      expect(sampleValue(samples, 'ordo_server_processes')).toBe(3);
      expect(sampleValue(samples, 'ordo_http_requests_total', INFO)).toBe(before + 20);
      // On SQLite each worker swept the due reminders once at start; on PostgreSQL the worker leading
      // the minute sweeps did (jobs/leadership.ts). Only the primary compacts the search postings.
      expect(sampleValue(samples, 'ordo_job_runs_total', { job: 'due_reminders' })).toBeGreaterThanOrEqual(
        testDialect === 'postgres' ? 1 : 2,
      );
      expect(
        sampleValue(samples, 'ordo_job_runs_total', { job: 'search_postings_compaction' }),
      ).toBeGreaterThan(0);
      expect(sampleValue(samples, 'ordo_db_queries_total')).toBeGreaterThan(0);
    }
  });

  it('is ready in every process', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await server.call('/health/ready');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ status: 'ready' });
    }
  });
});
