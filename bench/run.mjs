#!/usr/bin/env node
// `npm run bench [-- scenario…] [--duration=S] [--rounds=N]`: runs the benchmark scenarios against the built
// server and writes their numbers to bench/results/<scenario>.json. A scenario that is no
// measurement (fuzz) runs only when named. `BENCH_DIALECTS=sqlite` (or postgres) measures one database;
// `--rounds=N` has the scenarios that compare the two measure them in turn N times (lib/rounds.mjs).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const args = process.argv.slice(2);
const duration = Number(args.find((a) => a.startsWith('--duration='))?.split('=')[1] ?? 10);
const wanted = args.filter((a) => !a.startsWith('--'));
const files = readdirSync(join(here, 'scenarios'))
  .filter((f) => f.endsWith('.mjs'))
  .sort();

mkdirSync(join(here, 'results'), { recursive: true });
let failed = false;
for (const file of files) {
  const scenario = await import(join(here, 'scenarios', file));
  if (wanted.length ? !wanted.includes(scenario.name) : scenario.onlyWhenNamed) continue;
  console.log(`\n# ${scenario.name}`);
  const result = await scenario.run({ duration });
  writeFileSync(join(here, 'results', `${scenario.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  if (result.pass === false) failed = true;
}
process.exit(failed ? 1 : 0);
