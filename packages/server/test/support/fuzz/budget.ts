/**
 * How long the fuzz suite runs: a fixed seed so CI runs the same requests every time, and a small
 * number of runs per property. ORDO_FUZZ_RUNS raises it (the `fuzz` benchmark scenario runs it
 * long), ORDO_FUZZ_SEED picks another seed to explore with.
 */
import type fc from 'fast-check';

export const FUZZ_RUNS = Number(process.env.ORDO_FUZZ_RUNS ?? 40);
export const FUZZ_SEED = Number(process.env.ORDO_FUZZ_SEED ?? 20261125);

/** Options for `fc.assert`: the seed and budget, and a report with the failing request. */
export function fuzzParameters<T>(runs = FUZZ_RUNS): fc.Parameters<T> {
  return { seed: FUZZ_SEED, numRuns: runs, verbose: 1 };
}

/** A test's time limit that grows with the budget (the defaults suit the CI budget). */
export function fuzzTimeout(perRunMs: number, runs = FUZZ_RUNS): number {
  return Math.max(60_000, runs * perRunMs * 4);
}
