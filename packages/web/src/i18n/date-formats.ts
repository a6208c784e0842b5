/**
 * Intl formatters for dates, kept per language: building one costs far more than formatting with
 * it (a list of tasks scrolling at 4× CPU slowdown spent a tenth of its frames making them).
 */
const dateTimes = new Map<string, Intl.DateTimeFormat>();
const relatives = new Map<string, Intl.RelativeTimeFormat>();

/**
 * The parts of a date in a language: the day's number, the month's short name, the year and the
 * time on a 24-hour clock. The spec fixes the order ("j M Y, H:i", "j M Y") whatever the
 * language, as Vikunja shows dates; only the month's name is translated.
 */
function partsFormat(language: string): Intl.DateTimeFormat {
  let format = dateTimes.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    dateTimes.set(language, format);
  }
  return format;
}

function dateParts(
  date: Date,
  language: string,
): Record<'day' | 'month' | 'year' | 'hour' | 'minute', string> {
  const parts = { day: '', month: '', year: '', hour: '', minute: '' };
  for (const part of partsFormat(language).formatToParts(date)) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  }
  return parts;
}

/** "31 Jan 2024, 09:00" in the given language. */
export function formatDateTime(date: Date, language: string): string {
  const { day, month, year, hour, minute } = dateParts(date, language);
  return `${day} ${month} ${year}, ${hour}:${minute}`;
}

/** "31 Jan 2024" in the given language. */
export function formatDay(date: Date, language: string): string {
  const { day, month, year } = dateParts(date, language);
  return `${day} ${month} ${year}`;
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
