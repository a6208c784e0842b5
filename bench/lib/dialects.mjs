// The databases a scenario measures: both by default; `BENCH_DIALECTS=sqlite` (or `postgres`)
// measures one, e.g. to compare two builds on one database in less time.
const KNOWN = ['sqlite', 'postgres'];

export function benchDialects() {
  const wanted = (process.env.BENCH_DIALECTS ?? '')
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean);
  if (wanted.length === 0) return KNOWN;
  const unknown = wanted.filter((d) => !KNOWN.includes(d));
  if (unknown.length > 0)
    throw new Error(`BENCH_DIALECTS: unknown ${unknown.join(', ')} (known: ${KNOWN.join(', ')})`);
  return wanted;
}
