// Issue 3: a filter at scale, on SQLite and PostgreSQL: `priority >= 3 && due_date < now+30d` on
// GET /tasks/all?page=1&per_page=50&filter=…&filter_timezone=… (the web app's list query,
// packages/web/src/api/tasks.ts listQuery) over 100,000 tasks, 10 connections: target p99 ≤ 50 ms.
// PostgreSQL is reported against SQLite in the same run: p99 (PostgreSQL ÷ SQLite; the issue asks
// for ≤ 1.5) and requests per second.
// (The list page of the same issue is the list-page scenario.) `--rounds=N` measures the two
// databases in turn N times and keeps the medians (lib/rounds.mjs).
import { loadavg } from 'node:os';
import { cpuPerRequest } from '../lib/cpu.mjs';
import { benchDialects } from '../lib/dialects.mjs';
import { load, printRatio, printRoundRatios, printRow } from '../lib/load.mjs';
import { medianOf, portFor, rounds } from '../lib/rounds.mjs';
import { seededOrdo } from '../lib/seeded-ordo.mjs';

export const name = 'filter-100k';

const FILTER = 'priority >= 3 && due_date < now+30d';
/** As the web app asks it; it sends the browser's time zone, UTC here. */
const QUERY = new URLSearchParams([
  ['page', '1'],
  ['per_page', '50'],
  ['filter', FILTER],
  ['filter_timezone', 'UTC'],
]).toString();

export async function run({ duration }) {
  const results = {};
  let pass = true;
  const servers = {};
  // Every round's measurement, by dialect.
  let runs = {};
  try {
    for (const dialect of benchDialects()) {
      servers[dialect] = await seededOrdo({
        dialect,
        port: portFor(3511, dialect),
        count: 100_000,
        label: 'filter',
      });
    }
    runs = Object.fromEntries(Object.keys(servers).map((dialect) => [dialect, { ten: [], one: [] }]));
    for (let round = 1; round <= rounds; round++) {
      for (const [dialect, big] of Object.entries(servers)) {
        const url = `${big.ordo.base}/api/v1/tasks/all?${QUERY}`;
        const cpu = { pgUrl: big.db.pgUrl };
        await load(url, { duration: 2, headers: big.headers, warmup: 0 });
        const r = await cpuPerRequest(
          big.ordo.pid,
          () => load(url, { duration, headers: big.headers, warmup: 0 }),
          cpu,
        );
        // One connection: how long one request takes without waiting behind nine others.
        const single = await cpuPerRequest(
          big.ordo.pid,
          () => load(url, { connections: 1, duration, headers: big.headers, warmup: 0 }),
          cpu,
        );
        const of = rounds > 1 ? `, round ${round}` : '';
        printRow(`${dialect} filter over 100k${of}`, r);
        printRow(`${dialect} the same, 1 connection${of}`, single);
        runs[dialect].ten.push(r);
        runs[dialect].one.push(single);
      }
    }
    for (const [dialect, { ten, one }] of Object.entries(runs)) {
      const r = medianOf(ten);
      const single = medianOf(one);
      if (rounds > 1) {
        printRow(`${dialect} filter over 100k, median of ${rounds}`, r);
        printRow(`${dialect} the same, 1 connection, median`, single);
      }
      results[dialect] = { filter100k: { filter: FILTER, ...r, oneConnection: single, targetP99: 50 } };
      if (r.p99 > 50) pass = false;
    }
  } finally {
    for (const big of Object.values(servers)) await big.stop();
  }
  console.log(`target: filter p99 ≤ 50 ms → ${pass ? 'met' : 'missed'}`);
  const ratio =
    results.sqlite && results.postgres
      ? printRatio('filter over 100k', results.postgres.filter100k, results.sqlite.filter100k, { p99: true })
      : undefined;
  // The target: PostgreSQL's p99 within 1.5 × SQLite's.
  const roundRatios =
    runs.sqlite && runs.postgres
      ? printRoundRatios('filter over 100k', runs.postgres.ten, runs.sqlite.ten, { p99: 1.5 })
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
