/** Days counted from today in UTC, and the API's wire form of a date (whole seconds, Z). */
const DAY = 86_400_000;

export function utcDay(offset: number, hours = 0): Date {
  const today = new Date();
  return new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) +
      offset * DAY +
      hours * 3_600_000,
  );
}

export const wire = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
