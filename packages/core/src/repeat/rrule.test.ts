import { describe, expect, it } from 'vitest';
import { isCustomRrule, repeatOfRrule, rruleOfRepeat, rruleParts } from './rrule.js';

describe('a CalDAV client’s repeat rule', () => {
  it('runs daily, weekly, hourly rules with an interval exactly', () => {
    expect(repeatOfRrule('FREQ=DAILY;INTERVAL=3')).toEqual({
      repeatAfter: 259_200,
      repeatMode: 0,
      exact: true,
    });
    expect(repeatOfRrule('freq=weekly')).toEqual({ repeatAfter: 604_800, repeatMode: 0, exact: true });
    expect(repeatOfRrule('FREQ=HOURLY;INTERVAL=2;WKST=MO')).toMatchObject({
      repeatAfter: 7_200,
      exact: true,
    });
    expect(repeatOfRrule('FREQ=MONTHLY')).toEqual({ repeatAfter: 0, repeatMode: 1, exact: true });
  });

  it('runs rules Ordo cannot say as the nearest repeat, marked inexact', () => {
    expect(repeatOfRrule('FREQ=YEARLY')).toEqual({ repeatAfter: 31_536_000, repeatMode: 0, exact: false });
    expect(repeatOfRrule('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5')).toEqual({
      repeatAfter: 604_800,
      repeatMode: 0,
      exact: false,
    });
    expect(repeatOfRrule('FREQ=MONTHLY;INTERVAL=2')).toMatchObject({ repeatAfter: 5_184_000, exact: false });
    expect(repeatOfRrule('FREQ=MONTHLY;BYMONTHDAY=-1')).toEqual({
      repeatAfter: 0,
      repeatMode: 1,
      exact: false,
    });
    expect(repeatOfRrule('FREQ=DAILY;UNTIL=20301231')).toMatchObject({ repeatAfter: 86_400, exact: false });
  });

  it('refuses rules without a frequency, with a bad interval or beyond ten years', () => {
    expect(repeatOfRrule('INTERVAL=2')).toBeNull();
    expect(repeatOfRrule('FREQ=DAILY;INTERVAL=0')).toBeNull();
    expect(repeatOfRrule('FREQ=DAILY;INTERVAL=x')).toBeNull();
    expect(repeatOfRrule('FREQ=FORTNIGHTLY')).toBeNull();
    expect(repeatOfRrule('FREQ=YEARLY;INTERVAL=11')).toBeNull();
    expect(rruleParts('FREQ=DAILY;garbage')).toBeNull();
  });

  it('tells custom rules from the ones Ordo shows itself', () => {
    expect(isCustomRrule('')).toBe(false);
    expect(isCustomRrule('FREQ=DAILY;INTERVAL=2')).toBe(false);
    expect(isCustomRrule('FREQ=YEARLY')).toBe(true);
    expect(isCustomRrule('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5')).toBe(true);
  });
});

describe('Ordo’s repeat as a rule', () => {
  it('uses the largest whole unit, monthly mode as FREQ=MONTHLY, none when not repeating', () => {
    expect(rruleOfRepeat(1_209_600, 0)).toBe('FREQ=WEEKLY;INTERVAL=2');
    expect(rruleOfRepeat(172_800, 2)).toBe('FREQ=DAILY;INTERVAL=2');
    expect(rruleOfRepeat(90, 0)).toBe('FREQ=SECONDLY;INTERVAL=90');
    expect(rruleOfRepeat(0, 1)).toBe('FREQ=MONTHLY;INTERVAL=1');
    expect(rruleOfRepeat(0, 0)).toBeNull();
  });

  it('comes back as the same repeat', () => {
    for (const seconds of [60, 3_600, 86_400, 604_800, 1_209_600, 90]) {
      expect(repeatOfRrule(rruleOfRepeat(seconds, 0) as string)).toMatchObject({
        repeatAfter: seconds,
        exact: true,
      });
    }
  });
});
