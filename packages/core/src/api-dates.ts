/**
 * Dates on the wire are RFC 3339 with second precision in UTC; an unset date is the zero time,
 * never null (reference §1.3). The database stores the same text, or null when unset.
 */
export const ZERO_DATE = '0001-01-01T00:00:00Z';

/** A Date as stored and sent: `2024-01-31T09:00:00Z`. */
export function toIsoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** The current time as stored text. */
export function nowIso(): string {
  return toIsoSeconds(new Date());
}

/** Stored date (or null) → wire date (zero time when unset). */
export function toApiDate(stored: string | null | undefined): string {
  return stored ? stored : ZERO_DATE;
}

/** Is this wire value the zero time or otherwise unset? */
export function isUnsetDate(value: string | null | undefined): boolean {
  return !value || value.startsWith('0001-01-01');
}

/**
 * Wire date (RFC 3339 with any offset, zero time or null) → stored text, or null when unset.
 * Returns undefined when the value is not an RFC 3339 date-time.
 */
export function fromApiDate(value: string | null | undefined): string | null | undefined {
  if (isUnsetDate(value)) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value as string))
    return undefined;
  const date = new Date(value as string);
  return Number.isNaN(date.getTime()) ? undefined : toIsoSeconds(date);
}
