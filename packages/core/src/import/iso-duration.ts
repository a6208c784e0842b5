/**
 * ISO 8601 durations as other services export them (TickTick's reminders: `-PT15M`,
 * `TRIGGER:-P1DT9H`): the signed length in seconds, or null when the text is no duration.
 * Years and months have no fixed length and are refused.
 */
const DURATION = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

export function parseIsoDuration(text: string): number | null {
  const value = text.trim().replace(/^TRIGGER:/i, '');
  const match = DURATION.exec(value);
  if (!match || value === 'P' || value.endsWith('T') || /^[+-]?P$/.test(value)) return null;
  const [, sign, weeks, days, hours, minutes, seconds] = match;
  const total =
    Number(weeks ?? 0) * 604_800 +
    Number(days ?? 0) * 86_400 +
    Number(hours ?? 0) * 3_600 +
    Number(minutes ?? 0) * 60 +
    Math.round(Number(seconds ?? 0));
  return sign === '-' ? -total : total;
}
