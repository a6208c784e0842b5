/**
 * The repeat editor's amount and unit (spec 2 §3: hours, days, weeks, months, years) and the
 * seconds the API stores. A month counts 30 days and a year 365, as Vikunja's client does; the
 * monthly mode repeats on calendar months regardless of the amount.
 */
export type RepeatUnit = 'hours' | 'days' | 'weeks' | 'months' | 'years';

export const repeatUnits: readonly RepeatUnit[] = ['hours', 'days', 'weeks', 'months', 'years'];

const unitSeconds: Record<RepeatUnit, number> = {
  hours: 3600,
  days: 86_400,
  weeks: 604_800,
  months: 2_592_000,
  years: 31_536_000,
};

export interface RepeatInterval {
  amount: number;
  unit: RepeatUnit;
}

/** The largest unit that divides the seconds evenly; 0 seconds reads as 0 hours. */
export function intervalFromSeconds(seconds: number): RepeatInterval {
  if (seconds <= 0) return { amount: 0, unit: 'hours' };
  for (const unit of ['years', 'months', 'weeks', 'days'] as const) {
    if (seconds % unitSeconds[unit] === 0) return { amount: seconds / unitSeconds[unit], unit };
  }
  return { amount: Math.round(seconds / 3600), unit: 'hours' };
}

export function secondsFromInterval({ amount, unit }: RepeatInterval): number {
  return Math.max(0, Math.round(amount)) * unitSeconds[unit];
}
