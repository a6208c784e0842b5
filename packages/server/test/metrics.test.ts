/**
 * Monitoring (modules/metrics): /metrics in Prometheus text behind its bearer token, the
 * readiness check, and request ids in answers and log lines.
 */
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSample, parsePrometheusText, type Sample, sampleValue } from './support/prometheus-text.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp, testDialect } from './support/test-app.js';

const TOKEN = 'scrape-token-0123456789';

let t: TestApp;
let smtp: SmtpSink;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  smtp = await startSmtpSink();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) logLines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp(
    { ORDO_METRICS_TOKEN: TOKEN, ORDO_SMTP_URL: smtp.url },
    { build: { logger: { level: 'info', stream } } },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function scrape(): Promise<Sample[]> {
  const res = await t.request('GET', '/metrics', { token: TOKEN });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(res.body);
}

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('/metrics', () => {
  it('refuses a scrape without the token, or with another', async () => {
    const none = await t.request('GET', '/metrics');
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.body).not.toContain('ordo_');
    const wrong = await t.request('GET', '/metrics', { token: `${TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, never by the raw URL', async () => {
    const info = { method: 'GET', route: '/api/v1/info', status: '200' };
    const project = { method: 'GET', route: '/api/v1/projects/:id', status: '401' };
    const before = await scrape();
    for (let i = 0; i < 3; i++) expect((await t.request('GET', '/api/v1/info')).statusCode).toBe(200);
    for (const id of [11, 12])
      expect((await t.request('GET', `/api/v1/projects/${id}`)).statusCode).toBe(401);
    const after = await scrape();

    expect(sampleValue(after, 'ordo_http_requests_total', info)).toBe(
      sampleValue(before, 'ordo_http_requests_total', info) + 3,
    );
    expect(sampleValue(after, 'ordo_http_requests_total', project)).toBe(
      sampleValue(before, 'ordo_http_requests_total', project) + 2,
    );
    const durations = { method: 'GET', route: '/api/v1/info' };
    expect(sampleValue(after, 'ordo_http_request_duration_seconds_count', durations)).toBe(
      sampleValue(before, 'ordo_http_request_duration_seconds_count', durations) + 3,
    );
    expect(hasSample(after, 'ordo_http_request_duration_seconds_bucket', { ...durations, le: '+Inf' })).toBe(
      true,
    );
    expect(after.some((s) => s.labels.route?.includes('/projects/11'))).toBe(false);
  });

  it('reports database queries, the connection queue and the pool', async () => {
    const before = await scrape();
    await t.request('GET', '/api/v1/projects/13');
    await t.request('GET', '/health/ready');
    const after = await scrape();
    const dialect = { dialect: testDialect };
    expect(sampleValue(after, 'ordo_db_queries_total', { ...dialect, outcome: 'ok' })).toBeGreaterThan(
      sampleValue(before, 'ordo_db_queries_total', { ...dialect, outcome: 'ok' }),
    );
    expect(sampleValue(after, 'ordo_db_query_duration_seconds_count', dialect)).toBeGreaterThan(
      sampleValue(before, 'ordo_db_query_duration_seconds_count', dialect),
    );
    expect(hasSample(after, 'ordo_db_connection_waiting', dialect)).toBe(true);
    expect(hasSample(after, 'ordo_db_connection_oldest_wait_seconds', dialect)).toBe(true);
    expect(hasSample(after, 'ordo_db_pool_connections', { state: 'total' })).toBe(testDialect === 'postgres');
    if (testDialect === 'postgres') {
      expect(sampleValue(after, 'ordo_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    }
  });

  it('reports background jobs: the reminder sweep at start, and mails sent and failed', async () => {
    // The sweep runs as the server starts, which on a loaded host may finish after the first scrape.
    const before = await until('the first reminder sweep', async () => {
      const now = await scrape();
      return sampleValue(now, 'ordo_job_runs_total', { job: 'due_reminders' }) >= 1 ? now : undefined;
    });

    const register = await t.request('POST', '/api/v1/register', {
      body: { username: 'mira', email: 'mira@example.com', password: 'tidy-otter-42' },
    });
    expect(register.statusCode).toBe(200);
    await smtp.next('mira@example.com');
    const sent = await scrape();
    expect(sampleValue(sent, 'ordo_job_runs_total', { job: 'mail' })).toBe(
      sampleValue(before, 'ordo_job_runs_total', { job: 'mail' }) + 1,
    );
    expect(sampleValue(sent, 'ordo_job_duration_seconds_count', { job: 'mail' })).toBeGreaterThanOrEqual(1);

    // The SMTP server goes away: the password-reset mail (sent after the answer) fails.
    await smtp.close();
    const reset = await t.request('POST', '/api/v1/user/password/token', {
      body: { email: 'mira@example.com' },
      headers: { 'x-request-id': 'reset-4711' },
    });
    expect(reset.statusCode).toBe(200);
    const failed = await until('the mail to fail', async () => {
      const now = await scrape();
      const failures = sampleValue(now, 'ordo_job_failures_total', { job: 'mail' });
      return failures > sampleValue(sent, 'ordo_job_failures_total', { job: 'mail' }) ? now : undefined;
    });
    expect(sampleValue(failed, 'ordo_job_runs_total', { job: 'mail' })).toBe(
      sampleValue(sent, 'ordo_job_runs_total', { job: 'mail' }) + 1,
    );
    // The service's warning carries the id of the request it worked for.
    const warning = await until('the warning', () =>
      logLines.find((line) => String(line.msg).includes('password-reset mail')),
    );
    expect(warning.reqId).toBe('reset-4711');
  });

  it('counts the open WebSockets', async () => {
    const socket = await t.app.injectWS('/api/v1/ws');
    try {
      expect(sampleValue(await scrape(), 'ordo_websocket_connections')).toBe(1);
    } finally {
      socket.terminate();
    }
    await until('the socket to close', async () =>
      sampleValue(await scrape(), 'ordo_websocket_connections') === 0 ? true : undefined,
    );
  });

  it("reports the process's own metrics", async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'ordo_server_processes')).toBe(1);
  });
});

describe('/metrics unless switched on', () => {
  it('answers 404 by default', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.request('GET', '/metrics');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('ordo_');
      expect((await plain.request('GET', '/metrics', { token: TOKEN })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('/health/ready', () => {
  it('answers 200 when the database answers and is fully migrated', async () => {
    const res = await t.request('GET', '/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 with the reason while a migration is missing', async () => {
    const db = t.app.ordo.db.kysely;
    const last = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from ordo_migrations order by name desc limit 1`.execute(db);
    const { name, timestamp } = last.rows[0];
    await sql`delete from ordo_migrations where name = ${name}`.execute(db);
    try {
      const res = await t.request('GET', '/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        reason: `1 database migrations are not applied, from ${name}`,
      });
    } finally {
      await sql`insert into ordo_migrations (name, timestamp) values (${name}, ${timestamp})`.execute(db);
    }
    expect((await t.request('GET', '/health/ready')).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  it('echoes a sane X-Request-Id and logs the request under it', async () => {
    const res = await t.request('GET', '/api/v1/info', { headers: { 'x-request-id': 'edge-proxy:9f3a.17' } });
    expect(res.headers['x-request-id']).toBe('edge-proxy:9f3a.17');
    const lines = logLines.filter((line) => line.reqId === 'edge-proxy:9f3a.17');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    // Fastify's request logger names the id once: the line has one reqId key.
    expect(JSON.stringify(lines[0]).match(/"reqId"/g)).toHaveLength(1);
  });

  it('gives a request without one, or with one that does not look like an id, a new one', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const none = await t.request('GET', '/api/v1/info');
    expect(none.headers['x-request-id']).toMatch(uuid);
    for (const bad of ['has spaces in it', 'x'.repeat(129), '<script>', 'a"b']) {
      const res = await t.request('GET', '/api/v1/info', { headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).toMatch(uuid);
    }
    const other = await t.request('GET', '/api/v1/info');
    expect(other.headers['x-request-id']).not.toBe(none.headers['x-request-id']);
  });
});
