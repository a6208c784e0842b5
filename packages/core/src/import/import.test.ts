import { describe, expect, it } from 'vitest';
import { parseIsoDuration } from './iso-duration.js';
import { repeatFromRrule } from './rrule-repeat.js';

describe('parseIsoDuration', () => {
  it('reads signed durations with days and times', () => {
    expect(parseIsoDuration('-PT15M')).toBe(-900);
    expect(parseIsoDuration('TRIGGER:-P1DT9H')).toBe(-(86_400 + 9 * 3_600));
    expect(parseIsoDuration('PT0S')).toBe(0);
    expect(parseIsoDuration('P2W')).toBe(2 * 604_800);
  });
  it('refuses what is no duration', () => {
    expect(parseIsoDuration('')).toBeNull();
    expect(parseIsoDuration('P')).toBeNull();
    expect(parseIsoDuration('PT')).toBeNull();
    expect(parseIsoDuration('P1M2D')).toBeNull();
    expect(parseIsoDuration('15 minutes')).toBeNull();
  });
});

describe('repeatFromRrule', () => {
  it('turns frequency and interval into seconds', () => {
    expect(repeatFromRrule('RRULE:FREQ=DAILY;INTERVAL=2')).toEqual({ repeatAfter: 172_800, repeatMode: 0 });
    expect(repeatFromRrule('FREQ=WEEKLY;BYDAY=MO,WE')).toEqual({ repeatAfter: 604_800, repeatMode: 0 });
    expect(repeatFromRrule('FREQ=YEARLY')).toEqual({ repeatAfter: 31_536_000, repeatMode: 0 });
  });
  it('repeats monthly on the same day, or every 30 days for longer intervals', () => {
    expect(repeatFromRrule('RRULE:FREQ=MONTHLY;INTERVAL=1')).toEqual({ repeatAfter: 0, repeatMode: 1 });
    expect(repeatFromRrule('FREQ=MONTHLY;INTERVAL=3')).toEqual({ repeatAfter: 7_776_000, repeatMode: 0 });
  });
  it('takes the first of several rules and refuses unknown ones', () => {
    expect(repeatFromRrule('\nRRULE:FREQ=DAILY\nRRULE:FREQ=WEEKLY')).toEqual({
      repeatAfter: 86_400,
      repeatMode: 0,
    });
    expect(repeatFromRrule('FREQ=SECONDLY')).toBeNull();
    expect(repeatFromRrule('INTERVAL=2')).toBeNull();
    expect(repeatFromRrule('FREQ=DAILY;INTERVAL=0')).toBeNull();
    expect(repeatFromRrule('')).toBeNull();
  });
});
