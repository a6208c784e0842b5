// A very large import beside everyone else's reads: a Vikunja export of a million tasks (about
// 2.5 MB zipped; BENCH_IMPORT_TASKS changes the count) is imported with the task limit raised to
// fit, while a second client asks `GET /api/v1/info` every 100 ms. Reported: /info latency
// p50/p99/max while the import runs, how many tasks were written and how fast, and the server's
// peak RSS. Measuring stops when the import ends or after BENCH_IMPORT_MAX_MINUTES (default 30),
// whichever is first; the import is then cancelled. Passes when /info's p99 stays under 100 ms.
// Before the upload, /info is probed the same way for BENCH_IMPORT_BASELINE_S seconds (default
// 60) with nothing else running, so a host too busy to answer within 100 ms anyway shows as such.
// BENCH_LOAD_DB=postgres runs it on PostgreSQL (default SQLite). Named only: `npm run bench --
// import-million`.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import yazl from 'yazl';
import { createPgDatabase } from '../lib/seed.mjs';
import { signUp, startOrdo } from '../lib/server.mjs';

export const name = 'import-million';
export const onlyWhenNamed = true;

const TASKS = Number(process.env.BENCH_IMPORT_TASKS ?? 1_000_000);
const MAX_MS = Number(process.env.BENCH_IMPORT_MAX_MINUTES ?? 30) * 60_000;
const PROBE_EVERY_MS = 100;
const BASELINE_MS = Number(process.env.BENCH_IMPORT_BASELINE_S ?? 60) * 1000;

/** The same shape as the API tests' large export: small tasks, every tenth labelled. */
function exportZip(tasks, projects = 10) {
  const perProject = Math.ceil(tasks / projects);
  const data = Array.from({ length: projects }, (_, p) => ({
    id: p + 1,
    title: `Project ${p + 1}`,
    parent_project_id: 0,
    tasks: Array.from({ length: Math.max(0, Math.min(perProject, tasks - p * perProject)) }, (_, i) => {
      const id = p * perProject + i + 1;
      return {
        id,
        title: `Task ${id}`,
        index: i + 1,
        ...(id % 7 === 0 ? { done: true } : {}),
        ...(id % 10 === 0
          ? { labels: [{ id: (id / 10) % 5, title: `label ${(id / 10) % 5}`, hex_color: '0a0' }] }
          : {}),
      };
    }),
  }));
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('v0.24.1'), 'VERSION');
  zip.addBuffer(Buffer.from(JSON.stringify(data)), 'data.json');
  zip.addBuffer(Buffer.from('[]'), 'filters.json');
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks = [];
    zip.outputStream.on('data', (c) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

function rssMiB(pid) {
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return (children ? children.split(' ').map(Number) : []).reduce((sum, child) => sum + rssMiB(child), own);
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function timedInfo(base) {
  const t0 = performance.now();
  const info = await fetch(`${base}/api/v1/info`);
  await info.arrayBuffer();
  return performance.now() - t0;
}

/** p50/p99/max of `latencies`, in ms with one decimal. */
function spread(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (v) => Number(v.toFixed(1));
  return {
    samples: sorted.length,
    p50: ms(quantile(sorted, 0.5)),
    p99: ms(quantile(sorted, 0.99)),
    max: ms(sorted[sorted.length - 1]),
  };
}

export async function run() {
  const dialect = process.env.BENCH_LOAD_DB === 'postgres' ? 'postgres' : 'sqlite';
  const pgDb = dialect === 'postgres' ? await createPgDatabase('import') : null;
  const ordo = await startOrdo({
    port: 3517,
    databaseUrl: pgDb?.url,
    env: { ORDO_IMPORT_MAX_TASKS: String(TASKS), ORDO_IMPORT_MAX_SIZE: '200MB' },
  });
  try {
    const token = await signUp(ordo.base);
    const auth = { authorization: `Bearer ${token}` };
    const zip = await exportZip(TASKS);
    console.log(
      `${dialect}: ${TASKS.toLocaleString('en')} tasks, zip ${(zip.length / 1048576).toFixed(1)} MiB`,
    );
    const quiet = [];
    for (const until = Date.now() + BASELINE_MS; Date.now() < until; ) {
      quiet.push(await timedInfo(ordo.base));
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
    const baseline = spread(quiet);
    console.log(`/info before the import: p50 ${baseline.p50} ms, p99 ${baseline.p99} ms`);
    const form = new FormData();
    form.append('import', new Blob([zip], { type: 'application/zip' }), 'export.zip');
    const started = Date.now();
    const upload = await fetch(`${ordo.base}/api/v1/migration/vikunja-file/migrate`, {
      method: 'PUT',
      headers: auth,
      body: form,
    });
    if (!upload.ok) throw new Error(`import refused: ${upload.status} ${await upload.text()}`);
    const uploadMs = Date.now() - started;

    const latencies = [];
    let peakRss = rssMiB(ordo.pid);
    let status = {};
    let lastStatusAt = 0;
    while (Date.now() - started < MAX_MS) {
      latencies.push(await timedInfo(ordo.base));
      peakRss = Math.max(peakRss, rssMiB(ordo.pid));
      if (Date.now() - lastStatusAt > 2_000) {
        lastStatusAt = Date.now();
        const res = await fetch(`${ordo.base}/api/v1/migration/vikunja-file/status`, { headers: auth });
        status = await res.json();
        if (status.state && status.state !== 'running') break;
      }
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
    const elapsedS = (Date.now() - started) / 1000;
    const finished = status.state === 'done';
    if (!finished) {
      await fetch(`${ordo.base}/api/v1/migration/vikunja-file/cancel`, { method: 'POST', headers: auth });
    }
    const during = spread(latencies);
    const result = {
      database: dialect,
      tasks: TASKS,
      uploadMs,
      finished,
      state: status.state,
      written: status.done ?? null,
      elapsedS: Math.round(elapsedS),
      tasksPerSecond: status.done ? Math.round(status.done / elapsedS) : null,
      infoBaselineP50Ms: baseline.p50,
      infoBaselineP99Ms: baseline.p99,
      infoSamples: during.samples,
      infoP50Ms: during.p50,
      infoP99Ms: during.p99,
      infoMaxMs: during.max,
      loadAverage: loadavg().map((l) => Number(l.toFixed(1))),
      peakRssMiB: Math.round(peakRss),
    };
    result.pass = result.infoP99Ms < 100;
    console.log(result);
    return result;
  } finally {
    await ordo.stop();
    await pgDb?.drop();
  }
}
