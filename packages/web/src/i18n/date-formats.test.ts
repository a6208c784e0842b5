import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './date-formats';

describe('date formats (spec: long "j M Y, H:i", short "j M Y")', () => {
  const morning = new Date(2024, 0, 5, 9, 7);
  const evening = new Date(2026, 10, 30, 15, 24);

  it('writes the day without a leading zero, the short month, the year and a 24-hour time', () => {
    expect(formatDateTime(morning, 'en')).toBe('5 Jan 2024, 09:07');
    expect(formatDateTime(evening, 'en')).toBe('30 Nov 2026, 15:24');
    expect(formatDay(evening, 'en')).toBe('30 Nov 2026');
  });

  it('keeps that order in every language, with the month named in it', () => {
    expect(formatDay(evening, 'de')).toBe('30 Nov. 2026');
    expect(formatDateTime(evening, 'fr')).toBe('30 nov. 2026, 15:24');
    expect(formatDateTime(new Date(2026, 10, 30, 0, 5), 'en-US')).toBe('30 Nov 2026, 00:05');
  });
});
