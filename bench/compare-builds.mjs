#!/usr/bin/env node
// `node bench/compare-builds.mjs <other tree> [--pairs=40] [--slice=2]`: the list page of a
// 10,000-task project (as list-page.mjs asks it) on this tree's server build and on another's,
// in alternating slices of a few seconds, and the median of each pair's ratio. On a host whose
// other work comes and goes, two long runs one after the other measure that work more than the
// change; short slices side by side are paired against the same moment's noise.
//
// The other tree needs bench/, packages/server/dist, packages/server/package.json and the
// node_modules folders, e.g. from a build before the change:
//   mkdir -p /tmp/before/packages/server && cp -r bench /tmp/before/ &&
//   cp -r packages/server/dist packages/server/package.json /tmp/before/packages/server/ &&
//   ln -s "$PWD/node_modules" /tmp/before/ && ln -s "$PWD/packages/server/node_modules" /tmp/before/packages/server/
// BENCH_DIALECTS=sqlite measures SQLite instead of PostgreSQL.
import { join, resolve } from 'node:path';
import { cpuPerRequest } from './lib/cpu.mjs';
import { load } from './lib/load.mjs';
import { median } from './lib/rounds.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const other = args.find((a) => !a.startsWith('--'));
if (!other) {
  console.error('usage: node bench/compare-builds.mjs <other tree> [--pairs=40] [--slice=2]');
  process.exit(2);
}
const pairs = option('pairs', 40);
const slice = option('slice', 2);
const dialect = process.env.BENCH_DIALECTS === 'sqlite' ? 'sqlite' : 'postgres';
const trees = { other: resolve(other), this: resolve(new URL('..', import.meta.url).pathname) };
const query = 'page=1&per_page=50&expand[]=subtasks&filter_timezone=UTC';

const servers = {};
try {
  let port = 3640;
  for (const [label, root] of Object.entries(trees)) {
    // Each tree's own bench/lib starts its own server build.
    const { seededOrdo } = await import(join(root, 'bench/lib/seeded-ordo.mjs'));
    const list = await seededOrdo({ dialect, port: port++, count: 10_000, label: `compare${label}` });
    const url = `${list.ordo.base}/api/v1/projects/${list.project.id}/views/${list.listView.id}/tasks?${query}`;
    servers[label] = { list, url };
  }
  const measure = ({ list, url }, duration) =>
    cpuPerRequest(list.ordo.pid, () => load(url, { duration, headers: list.headers, warmup: 0 }), {
      pgUrl: list.db.pgUrl,
    });
  for (const server of Object.values(servers)) await measure(server, 3);
  const runs = { other: [], this: [] };
  const cpuRatios = [];
  for (let pair = 0; pair < pairs; pair++) {
    // Which build goes first alternates, so neither always follows the other.
    const order = pair % 2 ? ['this', 'other'] : ['other', 'this'];
    const measured = {};
    for (const label of order) measured[label] = await measure(servers[label], slice);
    for (const label of order) runs[label].push(measured[label]);
    cpuRatios.push(measured.this.cpuMicrosPerRequest / measured.other.cpuMicrosPerRequest);
  }
  for (const [label, measured] of Object.entries(runs)) {
    const of = (key) => Math.round(median(measured.map((m) => m[key] ?? 0)));
    console.log(
      `${label.padEnd(5)} ${String(of('requestsPerSecond')).padStart(6)} req/s   server CPU ${of('cpuMicrosPerRequest')} µs/req` +
        (dialect === 'postgres' ? ` + PostgreSQL ${of('postgresCpuMicrosPerRequest')} µs/req` : ''),
    );
  }
  const cheaper = cpuRatios.filter((r) => r < 1).length;
  console.log(
    `this ÷ other, server CPU per request: ${median(cpuRatios).toFixed(3)} (median of ${pairs} pairs; ${cheaper} cheaper)`,
  );
} finally {
  for (const { list } of Object.values(servers)) await list.stop();
}
