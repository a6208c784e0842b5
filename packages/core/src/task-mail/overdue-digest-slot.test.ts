import { describe, expect, it } from 'vitest';
import { dueOverdueDigestSlot } from './overdue-digest-slot.js';

const HOUR = 3600_000;
const at = (iso: string) => Date.parse(iso);

describe('dueOverdueDigestSlot', () => {
  it('is due from the configured time on the wall clock of the zone, for the window', () => {
    // 09:00 in Berlin (winter) is 08:00 UTC.
    expect(dueOverdueDigestSlot(at('2026-11-23T07:59:00Z'), '09:00', 'Europe/Berlin', HOUR)).toBeNull();
    expect(dueOverdueDigestSlot(at('2026-11-23T08:00:00Z'), '09:00', 'Europe/Berlin', HOUR)).toEqual({
      localDate: '2026-11-23',
      at: at('2026-11-23T08:00:00Z'),
    });
    expect(dueOverdueDigestSlot(at('2026-11-23T08:59:59Z'), '09:00', 'Europe/Berlin', HOUR)?.localDate).toBe(
      '2026-11-23',
    );
    expect(dueOverdueDigestSlot(at('2026-11-23T09:00:00Z'), '09:00', 'Europe/Berlin', HOUR)).toBeNull();
  });

  it('names the day of the zone, not of UTC', () => {
    // 08:30 in Tokyo on the 24th is 23:30 UTC on the 23rd.
    expect(dueOverdueDigestSlot(at('2026-11-23T23:31:00Z'), '08:30', 'Asia/Tokyo', HOUR)).toEqual({
      localDate: '2026-11-24',
      at: at('2026-11-23T23:30:00Z'),
    });
    // 18:00 in New York on the 23rd is 23:00 UTC.
    expect(
      dueOverdueDigestSlot(at('2026-11-23T23:10:00Z'), '18:00', 'America/New_York', HOUR)?.localDate,
    ).toBe('2026-11-23');
  });

  it("finds yesterday's slot shortly after midnight", () => {
    expect(dueOverdueDigestSlot(at('2026-11-24T00:10:00Z'), '23:50', 'UTC', HOUR)).toEqual({
      localDate: '2026-11-23',
      at: at('2026-11-23T23:50:00Z'),
    });
    expect(dueOverdueDigestSlot(at('2026-03-01T00:05:00Z'), '23:30', 'UTC', HOUR)?.localDate).toBe(
      '2026-02-28',
    );
  });

  it('keeps to the wall clock across a DST change, and moves a time in the gap forward', () => {
    // Berlin goes to summer time on 2026-03-29: 09:00 is then 07:00 UTC.
    expect(dueOverdueDigestSlot(at('2026-03-29T07:00:00Z'), '09:00', 'Europe/Berlin', HOUR)?.localDate).toBe(
      '2026-03-29',
    );
    expect(dueOverdueDigestSlot(at('2026-03-28T08:00:00Z'), '09:00', 'Europe/Berlin', HOUR)?.localDate).toBe(
      '2026-03-28',
    );
    // 02:30 does not exist that night; it is taken as 03:30 summer time (01:30 UTC).
    expect(dueOverdueDigestSlot(at('2026-03-29T01:30:00Z'), '02:30', 'Europe/Berlin', HOUR)?.at).toBe(
      at('2026-03-29T01:30:00Z'),
    );
  });

  it('is never due for a malformed time', () => {
    expect(dueOverdueDigestSlot(at('2026-11-23T09:00:00Z'), '9:00', 'UTC', HOUR)).toBeNull();
  });
});
