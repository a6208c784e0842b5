// Issue 3: the list view's first page of a 10,000-task project, at 10 connections, asked as the web
// app's list view asks it (packages/web/src/api/tasks.ts listQuery, list/use-list-tasks.ts):
// GET /projects/{id}/views/{list}/tasks?page=1&per_page=50&expand[]=subtasks&filter_timezone=…
// Targets on SQLite: ≥ 1,000 requests per second and p99 ≤ 50 ms; PostgreSQL is reported against
// SQLite in the same run (requests per second, PostgreSQL ÷ SQLite; the issue asks for ≥ 0.6).
// The server's CPU time per request is reported too: on 2 shared cores the load generator takes
// its share, which throughput alone does not show. `--rounds=N` measures the two databases in
// turn N times and keeps the medians (lib/rounds.mjs).
import { loadavg } from 'node:os';
import { cpuPerRequest } from '../lib/cpu.mjs';
import { benchDialects } from '../lib/dialects.mjs';
import { load, printRatio, printRoundRatios, printRow } from '../lib/load.mjs';
import { medianOf, portFor, rounds } from '../lib/rounds.mjs';
import { seededOrdo } from '../lib/seeded-ordo.mjs';

export const name = 'list-page';

const TARGET_RPS = 1000;
const TARGET_P99 = 50;
/** The web app's list view query; it sends the browser's time zone, UTC here. */
const LIST_VIEW_QUERY = new URLSearchParams([
  ['page', '1'],
  ['per_page', '50'],
  ['expand[]', 'subtasks'],
  ['filter_timezone', 'UTC'],
]).toString();

export async function run({ duration }) {
  const results = {};
  let pass = true;
  const servers = {};
  // Every round's measurement, by dialect.
  let runs = {};
  try {
    const urls = {};
    for (const dialect of benchDialects()) {
      const list = await seededOrdo({ dialect, port: portFor(3512, dialect), count: 10_000, label: 'list' });
      servers[dialect] = list;
      const path = `/projects/${list.project.id}/views/${list.listView.id}/tasks?${LIST_VIEW_QUERY}`;
      const url = `${list.ordo.base}/api/v1${path}`;
      const first = await fetch(url, { headers: list.headers });
      const tasks = await first.json();
      if (first.status !== 200 || tasks.length !== 50) {
        throw new Error(`${dialect}: the first page answered ${first.status} with ${tasks.length} tasks`);
      }
      urls[dialect] = url;
    }
    runs = Object.fromEntries(Object.keys(servers).map((dialect) => [dialect, []]));
    for (let round = 1; round <= rounds; round++) {
      for (const [dialect, list] of Object.entries(servers)) {
        await load(urls[dialect], { duration: 2, headers: list.headers, warmup: 0 });
        const r = await cpuPerRequest(
          list.ordo.pid,
          () => load(urls[dialect], { duration, headers: list.headers, warmup: 0 }),
          { pgUrl: list.db.pgUrl },
        );
        printRow(`${dialect} list view page, 10k tasks${rounds > 1 ? `, round ${round}` : ''}`, r);
        runs[dialect].push(r);
      }
    }
    for (const [dialect, measured] of Object.entries(runs)) {
      const r = medianOf(measured);
      if (rounds > 1) printRow(`${dialect} list view page, median of ${rounds}`, r);
      results[dialect] = { ...r, targetRequestsPerSecond: TARGET_RPS, targetP99: TARGET_P99 };
      if (dialect === 'sqlite' && (r.requestsPerSecond < TARGET_RPS || r.p99 > TARGET_P99)) pass = false;
    }
  } finally {
    for (const list of Object.values(servers)) await list.stop();
  }
  console.log(
    `target (SQLite): ≥ ${TARGET_RPS} req/s and p99 ≤ ${TARGET_P99} ms → ${pass ? 'met' : 'missed'}`,
  );
  const ratio =
    results.sqlite && results.postgres
      ? printRatio('list view page', results.postgres, results.sqlite, { p99: true })
      : undefined;
  // The issue's target: PostgreSQL at 0.6 of SQLite's requests a second or more.
  const roundRatios =
    runs.sqlite?.length && runs.postgres?.length
      ? printRoundRatios('list view page', runs.postgres, runs.sqlite, { requestsPerSecond: 0.6 })
      : undefined;
  // Other work on the machine skews latency: the load average is kept with the numbers.
  return {
    loadAverage: loadavg().map((l) => Number(l.toFixed(1))),
    connections: 10,
    rounds,
    results,
    ratio,
    roundRatios,
    pass,
  };
}
