// The fuzz suite of packages/server/test/fuzz run long: every write route and the filter language
// under generated requests, on SQLite and on PostgreSQL, with ORDO_FUZZ_RUNS runs per property
// (default 500 here; CI runs 40). Target: no 5xx and no crash. ORDO_FUZZ_SEED explores another
// seed; a failure prints the seed and the shrunk request, which a plain API test then pins down.
import { spawnSync } from 'node:child_process';
import { root } from '../lib/server.mjs';

export const name = 'fuzz';
// Not part of a plain `npm run bench`: it measures nothing and takes a while.
export const onlyWhenNamed = true;

export async function run() {
  const runs = Number(process.env.ORDO_FUZZ_RUNS ?? 500);
  const seed = process.env.ORDO_FUZZ_SEED ?? '20261125';
  const pgUrl = process.env.ORDO_TEST_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
  const result = { runs, seed, pass: true };
  for (const project of ['api-sqlite', 'api-postgres']) {
    const started = Date.now();
    console.log(`${project}: ${runs} runs per property, seed ${seed}`);
    const vitest = spawnSync('npx', ['vitest', 'run', '--project', project, 'packages/server/test/fuzz/'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ORDO_FUZZ_RUNS: String(runs), ORDO_FUZZ_SEED: seed, ORDO_TEST_PG_URL: pgUrl },
    });
    const seconds = Math.round((Date.now() - started) / 1000);
    result[project] = { pass: vitest.status === 0, seconds };
    if (vitest.status !== 0) result.pass = false;
  }
  console.log(`fuzz: ${result.pass ? 'no 5xx, no crash' : 'FAILED (see the reports above)'}`);
  return result;
}
