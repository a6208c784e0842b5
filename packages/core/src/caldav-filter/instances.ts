/**
 * The instances of a rule that repeats at a fixed period (every N seconds, minutes, hours, days
 * or weeks of UTC time, as Ordo's own repeats are written): the k-th starts at base + k·period,
 * so a time-range query reaches the instances near its range without walking the earlier ones.
 */
/**
 * What an instance source yields when it stops short of the range (its time is up, or its rule
 * runs away): the component is taken to reach the range, as after MAX_INSTANCES instances.
 */
export const UNWALKED = Number.NaN;

export interface PeriodLimits {
  /** How many instances there are, the first included (RRULE's COUNT). */
  count?: number;
  /** The last moment an instance may start at (RRULE's UNTIL). */
  until?: number;
}

export function periodicInstances(
  base: number,
  periodMs: number,
  { count, until }: PeriodLimits = {},
): (from: number) => Iterable<number> {
  if (!(periodMs > 0)) throw new RangeError('A repeat period is a positive number of milliseconds.');
  return function* instances(from: number) {
    for (
      let k = from > base ? Math.ceil((from - base) / periodMs) : 0;
      count === undefined || k < count;
      k++
    ) {
      const at = base + k * periodMs;
      if (until !== undefined && at > until) return;
      yield at;
    }
  };
}
