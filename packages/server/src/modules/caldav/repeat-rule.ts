/**
 * Repeating tasks as RRULEs and back. Ordo repeats every N seconds (mode 0), monthly (mode 1) or
 * from the date it is done (mode 2, which iCalendar cannot say, so it is written as mode 0).
 * Intervals that are whole weeks, days, hours or minutes use that unit so clients show them well.
 */
const UNITS: [freq: string, seconds: number][] = [
  ['WEEKLY', 604_800],
  ['DAILY', 86_400],
  ['HOURLY', 3_600],
  ['MINUTELY', 60],
  ['SECONDLY', 1],
];

const MONTHLY_MODE = 1;

export function repeatRule(repeatAfter: number, repeatMode: number): string | null {
  if (repeatMode === MONTHLY_MODE) return 'FREQ=MONTHLY;INTERVAL=1';
  if (repeatAfter <= 0) return null;
  const [freq, unit] = UNITS.find(([, seconds]) => repeatAfter % seconds === 0) as [string, number];
  return `FREQ=${freq};INTERVAL=${repeatAfter / unit}`;
}

/** The repeat an RRULE's FREQ and INTERVAL describe; null for one Ordo cannot hold (yearly). */
export function repeatOf(
  freq: string,
  interval: number,
): { repeat_after: number; repeat_mode: number } | null {
  const upper = freq.toUpperCase();
  if (upper === 'MONTHLY' && interval === 1) return { repeat_after: 0, repeat_mode: MONTHLY_MODE };
  const unit = UNITS.find(([name]) => name === upper);
  if (!unit) return null;
  return { repeat_after: unit[1] * Math.max(1, interval), repeat_mode: 0 };
}
