// `--rounds=N` for the scenarios that compare SQLite and PostgreSQL (list-page, filter-100k,
// kanban-board, search): each database is seeded once and both servers stay up, then they are
// measured in turn N times and the medians kept. Seeding 100,000 tasks into PostgreSQL takes
// minutes, and measuring the two databases alternately puts them under the same host load.

export const rounds = Math.max(
  1,
  Number(process.argv.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 1),
);

/** Each database's server on a port of its own, so that both can run at once. */
export function portFor(port, dialect) {
  return dialect === 'postgres' ? port + 50 : port;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The medians of several measurements of one thing (load.mjs's results), with the runs kept. */
export function medianOf(runs) {
  if (runs.length === 1) return runs[0];
  const summary = { requests: runs.reduce((sum, r) => sum + r.requests, 0) };
  for (const key of [
    'requestsPerSecond',
    'p50',
    'p99',
    'cpuMicrosPerRequest',
    'postgresCpuMicrosPerRequest',
  ]) {
    if (runs.every((r) => r[key] !== undefined)) summary[key] = median(runs.map((r) => r[key]));
  }
  // The median of the server's and PostgreSQL's CPU added up round by round, for the ratios.
  if (summary.postgresCpuMicrosPerRequest !== undefined) {
    summary.totalCpuMicrosPerRequest = median(
      runs.map((r) => r.cpuMicrosPerRequest + r.postgresCpuMicrosPerRequest),
    );
  }
  return { ...summary, runs };
}
