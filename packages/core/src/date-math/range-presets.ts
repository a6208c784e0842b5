/**
 * Date range presets of the range picker (behaviour.md §3.4). Each side is date math that the API
 * evaluates; "to" is the start of the next period (exclusive style), never 23:59:59.
 */
export interface DateRangePreset {
  from: string;
  to: string;
}

export const dateRangePresets = {
  today: { from: 'now/d', to: 'now/d+1d' },
  tomorrow: { from: 'now/d+1d', to: 'now/d+2d' },
  lastWeek: { from: 'now/w-1w', to: 'now/w' },
  thisWeek: { from: 'now/w', to: 'now/w+1w' },
  restOfThisWeek: { from: 'now', to: 'now/w+1w' },
  nextWeek: { from: 'now/w+1w', to: 'now/w+2w' },
  next7Days: { from: 'now', to: 'now+7d' },
  lastMonth: { from: 'now/M-1M', to: 'now/M' },
  thisMonth: { from: 'now/M', to: 'now/M+1M' },
  restOfThisMonth: { from: 'now', to: 'now/M+1M' },
  nextMonth: { from: 'now/M+1M', to: 'now/M+2M' },
  next30Days: { from: 'now', to: 'now+30d' },
  thisYear: { from: 'now/y', to: 'now/y+1y' },
  restOfThisYear: { from: 'now', to: 'now/y+1y' },
} as const satisfies Record<string, DateRangePreset>;

export type DateRangePresetName = keyof typeof dateRangePresets;

/** Named single values of the date picker. */
export const dateMathValues = {
  now: 'now',
  startOfToday: 'now/d',
  endOfToday: 'now/d+1d',
  beginningOflastWeek: 'now/w-1w',
  endOfLastWeek: 'now/w',
  beginningOfThisWeek: 'now/w',
  endOfThisWeek: 'now/w+1w',
  startOfNextWeek: 'now/w+1w',
  endOfNextWeek: 'now/w+2w',
  in7Days: 'now+7d',
  beginningOfLastMonth: 'now/M-1M',
  endOfLastMonth: 'now/M',
  startOfThisMonth: 'now/M',
  endOfThisMonth: 'now/M+1M',
  startOfNextMonth: 'now/M+1M',
  endOfNextMonth: 'now/M+2M',
  in30Days: 'now+30d',
  startOfThisYear: 'now/y',
  endOfThisYear: 'now/y+1y',
} as const;

/** The preset whose two strings match exactly, or undefined (the picker then shows "Custom"). */
export function matchDateRangePreset(
  from: string | null,
  to: string | null,
): DateRangePresetName | undefined {
  const names = Object.keys(dateRangePresets) as DateRangePresetName[];
  return names.find((name) => dateRangePresets[name].from === from && dateRangePresets[name].to === to);
}

/** What the range picker shows for a side coming in: null gives '', a Date its ISO string, text stays. */
export function dateRangeSideText(value: string | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  return value instanceof Date ? value.toISOString() : value;
}
