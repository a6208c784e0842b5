// Drives a URL with autocannon from this process (the server runs in another) and reports
// requests per second and latency percentiles.
import autocannon from 'autocannon';

export async function load(url, { connections = 10, duration = 10, headers = {}, warmup = 2 } = {}) {
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers });
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

export function printRow(label, r) {
  const cpu =
    r.cpuMicrosPerRequest === undefined
      ? ''
      : `   server CPU ${String(r.cpuMicrosPerRequest).padStart(6)} µs/req`;
  const database =
    r.postgresCpuMicrosPerRequest === undefined
      ? ''
      : ` + PostgreSQL ${String(r.postgresCpuMicrosPerRequest).padStart(6)} µs/req`;
  // Several server processes: each one's share of their CPU (cpu.mjs, workerSplit).
  const split = r.workerSplit === undefined ? '' : `   processes ${r.workerSplit} %`;
  console.log(
    `${label.padEnd(44)} ${String(r.requestsPerSecond).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms${cpu}${database}${split}`,
  );
}

/**
 * The CPU a request cost: the server's, plus PostgreSQL's backends' when they were measured (of
 * several rounds, the median of the sums: rounds.mjs).
 */
function totalCpu(r) {
  return r.totalCpuMicrosPerRequest ?? r.cpuMicrosPerRequest + (r.postgresCpuMicrosPerRequest ?? 0);
}

/**
 * PostgreSQL against SQLite measured in the same run: requests per second (PostgreSQL ÷ SQLite)
 * and, with `p99`, the p99 latency (PostgreSQL ÷ SQLite). When both carry CPU times, also the
 * requests one CPU second serves (SQLite's CPU per request ÷ PostgreSQL's, the server's and the
 * database's together): unlike requests per second, it does not depend on how the two shared
 * cores were divided between the server, PostgreSQL, the load generator and other work.
 * Answers the ratios.
 */
/**
 * PostgreSQL ÷ SQLite round by round (each round measures the two in turn, so a ratio compares one
 * moment of the host), and how many rounds meet `target`: `{ requestsPerSecond: 0.6 }` (at least)
 * or `{ p99: 1.5 }` (at most). A target met in most rounds is met, whatever one round's noise.
 */
export function printRoundRatios(label, postgresRounds, sqliteRounds, target) {
  const [key, limit] = Object.entries(target)[0];
  const ratios = postgresRounds.map((pg, i) => Number((pg[key] / sqliteRounds[i][key]).toFixed(2)));
  const meets = (r) => (key === 'p99' ? r <= limit : r >= limit);
  const met = ratios.filter(meets).length;
  const what = key === 'p99' ? `p99 ≤ ${limit}×` : `req/s ≥ ${limit}×`;
  console.log(
    `${`${label}: rounds, PostgreSQL ÷ SQLite`.padEnd(44)} ${ratios.join(', ')} (${what} in ${met} of ${ratios.length})`,
  );
  return { [key]: ratios, met, of: ratios.length };
}

export function printRatio(label, postgres, sqlite, { p99 = false } = {}) {
  const throughput = Number((postgres.requestsPerSecond / sqlite.requestsPerSecond).toFixed(2));
  const latency = Number((postgres.p99 / sqlite.p99).toFixed(2));
  const withCpu = postgres.cpuMicrosPerRequest !== undefined && sqlite.cpuMicrosPerRequest !== undefined;
  const perCpu = withCpu ? Number((totalCpu(sqlite) / totalCpu(postgres)).toFixed(2)) : undefined;
  console.log(
    `${`${label}: PostgreSQL ÷ SQLite`.padEnd(44)} ${String(throughput).padStart(8)} × req/s${p99 ? `   ${latency} × p99` : ''}${withCpu ? `   ${perCpu} × requests per CPU second` : ''}`,
  );
  return {
    requestsPerSecond: throughput,
    ...(p99 ? { p99: latency } : {}),
    ...(withCpu ? { requestsPerCpuSecond: perCpu } : {}),
  };
}
