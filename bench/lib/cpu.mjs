// CPU time a server has used (user + system), read from /proc, in milliseconds: the process and
// its children, which are the server processes when Ordo runs several (ORDO_WORKERS). Used to
// report what a request costs the server, independent of how much CPU the load generator takes.
// On PostgreSQL the database's own backends do part of the work outside those processes: their
// CPU time is read the same way (PostgreSQL on this host) and reported beside it.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { pgAdminUrl } from './seed.mjs';

const TICKS_PER_SECOND = 100;

function ownCpuMillis(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

function childrenOf(pid) {
  const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return list ? list.split(' ').map(Number) : [];
}

export function cpuMillis(pid) {
  return childrenOf(pid).reduce((sum, child) => sum + cpuMillis(child), ownCpuMillis(pid));
}

/** CPU milliseconds of each of the server's worker processes (its children), by pid. */
function workerCpuMillis(pid) {
  return new Map(childrenOf(pid).map((child) => [child, cpuMillis(child)]));
}

/**
 * How the work was divided between the server's processes, as each one's percentage of their CPU,
 * largest first ("52/48"): undefined with one process. The processes accept connections from one
 * socket, each as it is free (src/connection-scheduling.ts), so a load of a few connections opened
 * at once can land mostly on one of them, and the other core is left to the rest of the host.
 */
function workerSplit(before, after) {
  if (after.size < 2) return undefined;
  const spent = [...after].map(([worker, millis]) => millis - (before.get(worker) ?? 0));
  const total = spent.reduce((sum, millis) => sum + millis, 0);
  if (total <= 0) return undefined;
  return spent
    .sort((a, b) => b - a)
    .map((millis) => Math.round((millis * 100) / total))
    .join('/');
}

/** CPU milliseconds of each PostgreSQL backend connected to the database at `pgUrl`, by pid. */
async function backendCpuMillis(pgUrl) {
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [
      new URL(pgUrl).pathname.slice(1),
    ]);
    const spent = new Map();
    for (const { pid } of rows) {
      try {
        spent.set(pid, ownCpuMillis(pid));
      } catch {
        // Gone since, or PostgreSQL runs elsewhere: not counted.
      }
    }
    return spent;
  } finally {
    await admin.end();
  }
}

/**
 * Runs `work` and answers the CPU microseconds per request the server spent on it; with `pgUrl`,
 * also those of the PostgreSQL backends serving that database (`postgresCpuMicrosPerRequest`; a
 * backend that ends during the work is not counted).
 */
export async function cpuPerRequest(pid, work, { pgUrl } = {}) {
  const backendsBefore = pgUrl ? await backendCpuMillis(pgUrl) : null;
  const before = cpuMillis(pid);
  const workersBefore = workerCpuMillis(pid);
  const result = await work();
  const spent = cpuMillis(pid) - before;
  const split = workerSplit(workersBefore, workerCpuMillis(pid));
  const perRequest = (millis) => Number(((millis * 1000) / result.requests).toFixed(1));
  const measured = {
    ...result,
    cpuMicrosPerRequest: perRequest(spent),
    ...(split ? { workerSplit: split } : {}),
  };
  if (!backendsBefore) return measured;
  let backends = 0;
  for (const [backend, millis] of await backendCpuMillis(pgUrl)) {
    backends += millis - (backendsBefore.get(backend) ?? 0);
  }
  return { ...measured, postgresCpuMicrosPerRequest: perRequest(backends) };
}
