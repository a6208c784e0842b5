// Issue 32's speed on a slow device: Lighthouse's mobile profile on login, home, a 10,000-task
// list, a 5 × 2,000 board and a task's detail, medians of 3 runs each (bench/lighthouse.mjs).
// Only when named: `npm run bench -- lighthouse` (about ten minutes on 2 cores).
import { runLighthouse } from '../lighthouse.mjs';

export const name = 'lighthouse';
export const onlyWhenNamed = true;

export function run() {
  return runLighthouse({ runs: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) });
}
