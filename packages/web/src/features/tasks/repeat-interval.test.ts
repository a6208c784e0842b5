import { describe, expect, it } from 'vitest';
import { intervalFromSeconds, secondsFromInterval } from './repeat-interval';

describe('repeat interval', () => {
  it('reads stored seconds as the largest whole unit', () => {
    expect(intervalFromSeconds(0)).toEqual({ amount: 0, unit: 'hours' });
    expect(intervalFromSeconds(3600)).toEqual({ amount: 1, unit: 'hours' });
    expect(intervalFromSeconds(7200)).toEqual({ amount: 2, unit: 'hours' });
    expect(intervalFromSeconds(86_400)).toEqual({ amount: 1, unit: 'days' });
    expect(intervalFromSeconds(3 * 86_400)).toEqual({ amount: 3, unit: 'days' });
    expect(intervalFromSeconds(14 * 86_400)).toEqual({ amount: 2, unit: 'weeks' });
    expect(intervalFromSeconds(30 * 86_400)).toEqual({ amount: 1, unit: 'months' });
    expect(intervalFromSeconds(365 * 86_400)).toEqual({ amount: 1, unit: 'years' });
  });

  it('turns an amount and unit back into seconds, never negative', () => {
    expect(secondsFromInterval({ amount: 2, unit: 'weeks' })).toBe(1_209_600);
    expect(secondsFromInterval({ amount: 1, unit: 'months' })).toBe(2_592_000);
    expect(secondsFromInterval({ amount: -3, unit: 'days' })).toBe(0);
  });

  it('round-trips every unit', () => {
    for (const unit of ['hours', 'days', 'weeks', 'months', 'years'] as const) {
      const seconds = secondsFromInterval({ amount: 5, unit });
      expect(secondsFromInterval(intervalFromSeconds(seconds))).toBe(seconds);
    }
  });
});
