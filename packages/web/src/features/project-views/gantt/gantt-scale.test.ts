import { describe, expect, it } from 'vitest';
import {
  barGeometry,
  DAY_WIDTH,
  dayCount,
  dayOffset,
  defaultRange,
  drawnSpan,
  headerRows,
  isoWeek,
  moveSpan,
  resizeSpan,
} from './gantt-scale';

const day = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('gantt time axis', () => {
  it('opens on a window from two weeks before today to eight weeks after', () => {
    const range = defaultRange(day(2026, 4, 15, 10, 30));
    expect(range.from).toEqual(day(2026, 4, 1));
    expect(range.to).toEqual(day(2026, 6, 10));
    expect(dayCount(range)).toBe(71);
  });

  it('places a bar by days from the first day, times of day as fractions', () => {
    const range = { from: day(2026, 3, 1), to: day(2026, 3, 31) };
    expect(dayOffset(range.from, day(2026, 3, 3, 12))).toBe(2.5);
    // 29 March 2026 is a daylight-saving change in Europe: still whole days.
    expect(dayOffset(range.from, day(2026, 3, 30))).toBe(29);
    expect(barGeometry(day(2026, 3, 2), day(2026, 3, 5), range, DAY_WIDTH.day)).toEqual({
      left: DAY_WIDTH.day,
      width: 3 * DAY_WIDTH.day,
    });
    expect(barGeometry(day(2026, 3, 4, 15), day(2026, 3, 4, 18), range, DAY_WIDTH.day)).toEqual({
      left: 3 * DAY_WIDTH.day,
      width: DAY_WIDTH.day,
    });
  });

  it('moves a bar by whole days keeping its times, and resizes one edge', () => {
    const span = { start: day(2026, 5, 4, 9), end: day(2026, 5, 6, 17) };
    expect(moveSpan(span, 3)).toEqual({ start: day(2026, 5, 7, 9), end: day(2026, 5, 9, 17) });
    expect(resizeSpan(span, 'end', 2)).toEqual({ start: span.start, end: day(2026, 5, 8, 17) });
    expect(resizeSpan(span, 'start', -1)).toEqual({ start: day(2026, 5, 3, 9), end: span.end });
  });

  it('never lets an edge pass the other one', () => {
    const span = { start: day(2026, 5, 4, 9), end: day(2026, 5, 6, 17) };
    expect(resizeSpan(span, 'start', 5)).toEqual({ start: day(2026, 5, 6, 16), end: span.end });
    expect(resizeSpan(span, 'end', -5)).toEqual({ start: span.start, end: day(2026, 5, 4, 10) });
  });

  it('draws a bar from the first day 00:00 to the last day 23:59, in either direction', () => {
    const range = { from: day(2026, 5, 1), to: day(2026, 5, 31) };
    expect(drawnSpan(range, 6, 3)).toEqual({ start: day(2026, 5, 4), end: day(2026, 5, 7, 23, 59) });
  });

  it('numbers weeks the ISO way', () => {
    expect(isoWeek(day(2026, 1, 1))).toBe(1);
    expect(isoWeek(day(2027, 1, 1))).toBe(53);
    expect(isoWeek(day(2026, 12, 28))).toBe(53);
    expect(isoWeek(day(2026, 4, 15))).toBe(16);
  });

  it('heads the chart with months over days, weeks or years over months', () => {
    const range = { from: day(2026, 1, 30), to: day(2026, 2, 2) };
    const [months, days] = headerRows(range, 'day', 'en');
    expect(months.map((c) => [c.label, c.width])).toEqual([
      ['January 2026', 2 * DAY_WIDTH.day],
      ['February 2026', 2 * DAY_WIDTH.day],
    ]);
    expect(days.map((c) => [c.label, c.weekend])).toEqual([
      ['30', false],
      ['31', true],
      ['1', true],
      ['2', false],
    ]);
    const [, weeks] = headerRows({ from: day(2026, 1, 1), to: day(2026, 1, 14) }, 'week', 'en');
    expect(weeks.map((c) => [c.label, c.width / DAY_WIDTH.week])).toEqual([
      ['1', 4],
      ['2', 7],
      ['3', 3],
    ]);
    const [years, months2] = headerRows({ from: day(2025, 12, 1), to: day(2026, 1, 31) }, 'month', 'en');
    expect(years.map((c) => c.label)).toEqual(['2025', '2026']);
    expect(months2.map((c) => c.label)).toEqual(['Dec', 'Jan']);
  });
});
