// Overload: 200 connections for the whole run (`--duration=60` for the figures in
// bench/RESULTS.md) over a mix of reads and writes, on SQLite and on PostgreSQL, each with the
// server's default processes. Each connection repeats: list view page, task detail, /info, task
// detail, create (PUT, with an Idempotency-Key as the web app's outbox sends), update (POST).
// Reported: requests per second, latency p50/p99, errors, client time-outs (10 s), 503s (load
// shed), other non-2xx answers, the server's RSS (all its processes) at start, middle and end,
// and how many created tasks landed that no client saw acknowledged.
// Passes with no errors, no time-outs and no answer other than 2xx or 503.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { createPgDatabase } from '../lib/seed.mjs';
import { api, signUp, startOrdo } from '../lib/server.mjs';

export const name = 'load';

const CONNECTIONS = 200;
const TIMEOUT_S = 10;
const SEEDED_TASKS = 200;

function rssMiB(pid) {
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return (children ? children.split(' ').map(Number) : []).reduce((sum, child) => sum + rssMiB(child), own);
}

/** The project's task count, asked again while the server is still shedding load (503). */
async function taskCount(base, headers, project, view) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const res = await fetch(`${base}/api/v1/projects/${project}/views/${view}/tasks?per_page=1&page=1`, {
      headers,
    });
    await res.arrayBuffer();
    if (res.ok) return Number(res.headers.get('x-pagination-total-pages'));
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error('the task count never answered 200');
}

async function runOne(dialect, duration) {
  const pgDb = dialect === 'postgres' ? await createPgDatabase('load') : null;
  const ordo = await startOrdo({ port: 3516, databaseUrl: pgDb?.url });
  try {
    const token = await signUp(ordo.base);
    const project = await api(ordo.base, 'PUT', '/projects', { token, body: { title: 'Load' } });
    const view = project.views.find((v) => v.view_kind === 'list');
    const ids = [];
    for (let i = 0; i < SEEDED_TASKS; i++) {
      ids.push(
        (
          await api(ordo.base, 'PUT', `/projects/${project.id}/tasks`, {
            token,
            body: { title: `seed ${i}` },
          })
        ).id,
      );
    }
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const before = await taskCount(ordo.base, headers, project.id, view.id);
    const pick = () => ids[Math.floor(Math.random() * ids.length)];
    let acknowledgedCreates = 0;
    const createStatuses = {};
    let serial = 0;
    const requests = [
      { method: 'GET', path: `/api/v1/projects/${project.id}/views/${view.id}/tasks?page=1&per_page=50` },
      { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/v1/tasks/${pick()}` }) },
      { method: 'GET', path: '/api/v1/info' },
      { method: 'GET', setupRequest: (r) => ({ ...r, path: `/api/v1/tasks/${pick()}` }) },
      {
        method: 'PUT',
        path: `/api/v1/projects/${project.id}/tasks`,
        setupRequest: (r) => {
          serial++;
          return {
            ...r,
            headers: { ...headers, 'idempotency-key': `load-${process.pid}-${serial}` },
            body: JSON.stringify({ title: `load ${serial}` }),
          };
        },
        onResponse: (status) => {
          if (status === 201) acknowledgedCreates++;
          createStatuses[status] = (createStatuses[status] ?? 0) + 1;
        },
      },
      {
        method: 'POST',
        setupRequest: (r) => ({
          ...r,
          path: `/api/v1/tasks/${pick()}`,
          body: JSON.stringify({ title: `updated ${serial}`, priority: serial % 5 }),
        }),
      },
    ];
    const rss = { start: Math.round(rssMiB(ordo.pid)) };
    const middle = setTimeout(
      () => {
        rss.middle = Math.round(rssMiB(ordo.pid));
      },
      (duration * 1000) / 2,
    );
    const result = await autocannon({
      url: ordo.base,
      connections: CONNECTIONS,
      duration,
      timeout: TIMEOUT_S,
      headers,
      requests,
    });
    clearTimeout(middle);
    rss.end = Math.round(rssMiB(ordo.pid));
    // Writes still in flight when the load stopped finish first.
    await new Promise((r) => setTimeout(r, 2000));
    const landed = (await taskCount(ordo.base, headers, project.id, view.id)) - before;
    const shed = result.statusCodeStats?.['503']?.count ?? 0;
    const row = {
      requestsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors,
      timeouts: result.timeouts,
      shed503: shed,
      otherNon2xx: result.non2xx - shed,
      rssMiB: rss,
      createsAcknowledged: acknowledgedCreates,
      createsLanded: landed,
      createStatuses,
      statusCodes: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]),
      ),
    };
    console.log(
      `${dialect.padEnd(8)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ` +
        `errors ${row.errors}  timeouts ${row.timeouts}  503 ${row.shed503}  other non-2xx ${row.otherNon2xx}  ` +
        `RSS ${rss.start}/${rss.middle}/${rss.end} MiB  creates acknowledged ${acknowledgedCreates}, landed ${landed} ${JSON.stringify(createStatuses)}`,
    );
    return row;
  } finally {
    await ordo.stop();
    await pgDb?.drop();
  }
}

export async function run({ duration }) {
  const results = {};
  const only = process.env.BENCH_LOAD_DB;
  for (const dialect of ['sqlite', 'postgres']) {
    if (only && only !== dialect) continue;
    results[dialect] = await runOne(dialect, duration);
  }
  const pass = Object.values(results).every((r) => r.errors === 0 && r.timeouts === 0 && r.otherNon2xx === 0);
  console.log(`0 errors, 0 time-outs, only 2xx or 503 → ${pass ? 'met' : 'missed'}`);
  return {
    loadAverage: loadavg().map((l) => Number(l.toFixed(1))),
    connections: CONNECTIONS,
    duration,
    results,
    pass,
  };
}
