// A filter on a custom field against the same filter on a built-in column, on SQLite and
// PostgreSQL: 100,000 tasks, each with a value 0–5 in the number field "Estimate" as in its
// priority's range; `Estimate > 3` and `priority > 3` on GET /tasks/all (the web app's list query,
// 50 a page), measured in the same run, 10 connections. Target: the custom field's requests per
// second at least half the priority's, and its p99 at most twice (within 2×).
// `npm run bench -- custom-field-filter [--duration=S]`; `--rounds=N` alternates N measurements of
// each and keeps the medians.
import { loadavg } from 'node:os';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { benchDialects } from '../lib/dialects.mjs';
import { load, printRow } from '../lib/load.mjs';
import { seededOrdo } from '../lib/seeded-ordo.mjs';
import { api } from '../lib/server.mjs';

export const name = 'custom-field-filter';

const COUNT = 100_000;
const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 1);

const query = (filter) =>
  new URLSearchParams([
    ['page', '1'],
    ['per_page', '50'],
    ['filter', filter],
    ['filter_timezone', 'UTC'],
  ]).toString();

/** A value for every task, 0–5 spread as the seeded priorities are (one statement, both databases). */
async function seedValues(db, fieldId, projectId) {
  const statement = `insert into task_field_values (task_id, field_id, num_value)
    select id, ${Number(fieldId)}, id % 6 from tasks where project_id = ${Number(projectId)}`;
  if (db.sqliteFile) {
    const sqlite = new SQLite(db.sqliteFile);
    sqlite.pragma('busy_timeout = 10000');
    sqlite.exec(statement);
    sqlite.exec('analyze');
    sqlite.close();
    return;
  }
  const client = new pg.Client({ connectionString: db.pgUrl });
  await client.connect();
  try {
    await client.query(statement);
    await client.query('vacuum analyze task_field_values');
  } finally {
    await client.end();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function summary(runs) {
  return {
    requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    requests: runs.reduce((sum, r) => sum + r.requests, 0),
    runs,
  };
}

export async function run({ duration }) {
  const results = {};
  let pass = true;
  for (const dialect of benchDialects()) {
    const big = await seededOrdo({ dialect, port: 3513, count: COUNT, label: 'customfield' });
    try {
      const token = big.headers.authorization.slice('Bearer '.length);
      const field = await api(big.ordo.base, 'PUT', `/projects/${big.project.id}/fields`, {
        token,
        body: { title: 'Estimate', kind: 'number' },
      });
      await seedValues(big.db, field.id, big.project.id);
      // The rows went in behind the server's back: it starts again on them.
      await big.ordo.restart();
      const urls = {
        priority: `${big.ordo.base}/api/v1/tasks/all?${query('priority > 3')}`,
        customField: `${big.ordo.base}/api/v1/tasks/all?${query('Estimate > 3')}`,
      };
      // Both answer the same number of tasks: the values follow the same spread.
      for (const url of Object.values(urls))
        await load(url, { duration: 2, headers: big.headers, warmup: 0 });
      const runs = { priority: [], customField: [] };
      for (let i = 0; i < rounds; i++) {
        for (const key of ['priority', 'customField']) {
          runs[key].push(await load(urls[key], { duration, headers: big.headers, warmup: 0 }));
        }
      }
      const priority = summary(runs.priority);
      const customField = summary(runs.customField);
      printRow(`${dialect} priority > 3 over 100k`, priority);
      printRow(`${dialect} Estimate > 3 (custom field) over 100k`, customField);
      const ratio = {
        requestsPerSecond: Number((priority.requestsPerSecond / customField.requestsPerSecond).toFixed(2)),
        p99: Number((customField.p99 / Math.max(1, priority.p99)).toFixed(2)),
      };
      console.log(
        `${dialect}: priority/custom req/s ${ratio.requestsPerSecond}×, custom/priority p99 ${ratio.p99}×`,
      );
      if (ratio.requestsPerSecond > 2 || ratio.p99 > 2) pass = false;
      results[dialect] = { priority, customField, ratio };
    } finally {
      await big.stop();
    }
  }
  console.log(`target: the custom field filter within 2× of priority → ${pass ? 'met' : 'missed'}`);
  return { loadAverage: loadavg().map((l) => Number(l.toFixed(1))), connections: 10, rounds, results, pass };
}
