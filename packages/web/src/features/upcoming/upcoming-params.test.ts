import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UPCOMING,
  formatRangeSide,
  readUpcomingParams,
  upcomingHeading,
  upcomingSearch,
} from './upcoming-params';

describe('upcoming URL', () => {
  it('has no range without from and to, and defaults to the next 7 days', () => {
    expect(readUpcomingParams(new URLSearchParams(''))).toBeNull();
    expect(DEFAULT_UPCOMING).toEqual({ from: 'now', to: 'now+7d', showNulls: false, showOverdue: false });
  });

  it('round-trips through the search string', () => {
    const params = { from: 'now/w', to: 'now/w+1w', showNulls: true, showOverdue: false };
    expect(upcomingSearch(params)).toBe('from=now%2Fw&to=now%2Fw%2B1w&showNulls=true&showOverdue=false');
    expect(readUpcomingParams(new URLSearchParams(upcomingSearch(params)))).toEqual(params);
  });

  it('reads the flags as true only when written true', () => {
    expect(readUpcomingParams(new URLSearchParams('from=&to=&showOverdue=1'))).toEqual({
      from: '',
      to: '',
      showNulls: false,
      showOverdue: false,
    });
  });
});

describe('upcoming heading', () => {
  it('names a preset, a custom range or the current tasks', () => {
    expect(upcomingHeading({ from: 'now/d', to: 'now/d+1d' })).toEqual({ kind: 'preset', preset: 'today' });
    expect(upcomingHeading({ from: 'now/y', to: 'now/y+1y' })).toEqual({
      kind: 'preset',
      preset: 'thisYear',
    });
    expect(upcomingHeading({ from: '2026-04-01', to: '2026-04-15' })).toEqual({
      kind: 'range',
      from: '2026-04-01',
      to: '2026-04-15',
    });
    expect(upcomingHeading({ from: '', to: 'now' })).toEqual({ kind: 'current' });
  });

  it('writes plain dates in the language and keeps date math', () => {
    expect(formatRangeSide('2026-04-15', 'en')).toBe('April 15, 2026');
    expect(formatRangeSide('now/d+1d', 'en')).toBe('now/d+1d');
    expect(formatRangeSide('2024-01-31||+1M', 'en')).toBe('2024-01-31||+1M');
  });
});
