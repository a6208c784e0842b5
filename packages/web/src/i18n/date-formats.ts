/**
 * Intl formatters for dates, kept per language: building one costs far more than formatting with
 * it (a list of tasks scrolling at 4× CPU slowdown spent a tenth of its frames making them).
 */
const dateTimes = new Map<string, Intl.DateTimeFormat>();
const days = new Map<string, Intl.DateTimeFormat>();
const relatives = new Map<string, Intl.RelativeTimeFormat>();

/** "31 Jan 2024, 09:00" in the given language. */
export function formatDateTime(date: Date, language: string): string {
  let format = dateTimes.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimes.set(language, format);
  }
  return format.format(date);
}

/** "31 Jan 2024" in the given language. */
export function formatDay(date: Date, language: string): string {
  let format = days.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    days.set(language, format);
  }
  return format.format(date);
}

/** "in 3 days", "yesterday": the relative-time formatter of a language, numeric only when needed. */
export function relativeTimeFormat(language: string): Intl.RelativeTimeFormat {
  let format = relatives.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    relatives.set(language, format);
  }
  return format;
}
