import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DateMathError, parseDateMath, resolveDateMath } from './date-math.js';

const wednesday = '2026-04-15T10:30:00Z';

function resolve(expression: string, now = wednesday, timeZone = 'UTC'): string {
  return resolveDateMath(expression, { now: new Date(now), timeZone }).toISOString();
}

describe('resolveDateMath: worked examples of behaviour.md §3.3 (UTC, now = Wed 2026-04-15 10:30)', () => {
  it.each([
    ['now', '2026-04-15T10:30:00.000Z'],
    ['now/d', '2026-04-15T00:00:00.000Z'],
    ['now/d+1d', '2026-04-16T00:00:00.000Z'],
    ['now+1d/d', '2026-04-16T00:00:00.000Z'],
    ['now/w', '2026-04-13T00:00:00.000Z'],
    ['now-1w/w', '2026-04-06T00:00:00.000Z'],
    ['now/M', '2026-04-01T00:00:00.000Z'],
    ['now/y', '2026-01-01T00:00:00.000Z'],
    ['now+7d', '2026-04-22T10:30:00.000Z'],
    ['now+1w', '2026-04-22T10:30:00.000Z'],
    ['now+1M', '2026-05-15T10:30:00.000Z'],
    ['now-1M', '2026-03-15T10:30:00.000Z'],
    ['now+1M-1m', '2026-05-15T10:29:00.000Z'],
    ['now+15m', '2026-04-15T10:45:00.000Z'],
    ['now+1s', '2026-04-15T10:30:01.000Z'],
    ['now/h', '2026-04-15T10:00:00.000Z'],
    ['now-2H', '2026-04-15T08:30:00.000Z'],
    ['now/Q', '2026-04-01T00:00:00.000Z'],
    ['now+1b', '2026-04-16T10:30:00.000Z'],
    ['2024-01-01||+1M/d', '2024-02-01T00:00:00.000Z'],
    ['2024-01-31||+1M', '2024-03-02T00:00:00.000Z'],
    ['2024-01-31||+1M/d', '2024-03-02T00:00:00.000Z'],
    ['2024-03-31||-1M', '2024-03-02T00:00:00.000Z'],
    ['2024-02-29||+1y', '2025-03-01T00:00:00.000Z'],
    ['2014-11-18||+1M/M+1h', '2014-12-01T01:00:00.000Z'],
    ['2014-11-18T14:27:32||-3600s', '2014-11-18T13:27:32.000Z'],
    ['2014-11-18||-423d', '2013-09-21T00:00:00.000Z'],
    ['2024-01-01T10:00||/d', '2024-01-01T00:00:00.000Z'],
    ['2024-03-10||', '2024-03-10T00:00:00.000Z'],
    ['2024-01-01', '2024-01-01T00:00:00.000Z'],
    ['2026', '2026-01-01T00:00:00.000Z'],
    ['2026-04', '2026-04-01T00:00:00.000Z'],
    ['2026-04-15T10', '2026-04-15T10:00:00.000Z'],
    ['2026-04-15T10:30:45.123', '2026-04-15T10:30:45.123Z'],
    ['2024-01-01T10:00+02:00||', '2024-01-01T08:00:00.000Z'],
  ])('%s gives %s', (expression, expected) => {
    expect(resolve(expression)).toBe(expected);
  });

  it.each([
    ['now/w', '2026-04-19T23:45:00Z', '2026-04-13T00:00:00.000Z'],
    ['now+1M', '2026-01-31T08:00:00Z', '2026-03-03T08:00:00.000Z'],
    ['now-1M', '2026-01-31T08:00:00Z', '2025-12-31T08:00:00.000Z'],
    ['now+1M', '2024-02-29T12:00:00Z', '2024-03-29T12:00:00.000Z'],
    ['now+1y', '2024-02-29T12:00:00Z', '2025-03-01T12:00:00.000Z'],
    ['now-1y', '2024-02-29T12:00:00Z', '2023-03-01T12:00:00.000Z'],
  ])('%s at %s gives %s', (expression, now, expected) => {
    expect(resolve(expression, now)).toBe(expected);
  });
});

describe('resolveDateMath in a time zone (§3.3)', () => {
  const la = 'America/Los_Angeles';
  it.each([
    [la, '2026-04-15T12:30:00Z', 'now/d', '2026-04-15T07:00:00.000Z'],
    [la, '2026-04-16T05:30:00Z', 'now', '2026-04-16T05:30:00.000Z'],
    [la, '2026-04-16T05:30:00Z', 'now/d+1d', '2026-04-16T07:00:00.000Z'],
    ['Europe/Berlin', '2026-04-15T08:30:00Z', 'now/d', '2026-04-14T22:00:00.000Z'],
    ['Europe/Berlin', '2026-04-15T08:30:00Z', 'now/M', '2026-03-31T22:00:00.000Z'],
    // DST starts on 2026-03-08: 24 hours later is 13:00 local, one calendar day later is 12:00.
    [la, '2026-03-07T20:00:00Z', 'now+24h', '2026-03-08T20:00:00.000Z'],
    [la, '2026-03-07T20:00:00Z', 'now+1d', '2026-03-08T19:00:00.000Z'],
    // DST ends on 2026-11-01.
    [la, '2026-10-31T19:00:00Z', 'now+24h', '2026-11-01T19:00:00.000Z'],
    [la, '2026-10-31T19:00:00Z', 'now+1d', '2026-11-01T20:00:00.000Z'],
    [la, '2026-03-08T09:30:00Z', 'now+24h', '2026-03-09T09:30:00.000Z'],
    [la, '2026-03-08T09:30:00Z', 'now+1d', '2026-03-09T08:30:00.000Z'],
    // The offset in the anchor wins over the zone, and rounding then happens at that offset.
    [la, wednesday, '2024-01-01T10:00+02:00||', '2024-01-01T08:00:00.000Z'],
    [la, wednesday, '2024-01-01T01:00+02:00||/d', '2023-12-31T22:00:00.000Z'],
    [la, wednesday, '2024-01-01T10:00:00Z||/d', '2024-01-01T00:00:00.000Z'],
    // Plain anchors are wall-clock times in the zone.
    [la, wednesday, '2024-01-01', '2024-01-01T08:00:00.000Z'],
    // A time in the spring-forward gap moves forward by the gap, as Go's time.Date does.
    [la, wednesday, '2026-03-08T02:30', '2026-03-08T10:30:00.000Z'],
  ])('in %s at %s, %s gives %s', (timeZone, now, expression, expected) => {
    expect(resolve(expression, now, timeZone)).toBe(expected);
  });

  it('rounds to the hour on the local clock in a zone with a half-hour offset', () => {
    expect(resolve('now/h', '2026-04-15T05:10:00Z', 'Asia/Kolkata')).toBe('2026-04-15T04:30:00.000Z');
  });
});

describe('resolveDateMath: units and anchors beyond the worked examples', () => {
  it.each([
    ['now+M', '2026-05-15T10:30:00.000Z'],
    ['now-d', '2026-04-14T10:30:00.000Z'],
    ['now+1Q', '2026-07-15T10:30:00.000Z'],
    ['now/fy', '2026-01-01T00:00:00.000Z'],
    ['now/fQ', '2026-04-01T00:00:00.000Z'],
    ['now+1fy', '2027-04-15T10:30:00.000Z'],
    ['now+1fQ', '2026-07-15T10:30:00.000Z'],
    ['now/m', '2026-04-15T10:30:00.000Z'],
    ['now+90s/m', '2026-04-15T10:31:00.000Z'],
    ['now+2b', '2026-04-17T10:30:00.000Z'],
    ['now+3b', '2026-04-20T10:30:00.000Z'],
    ['now+10b', '2026-04-29T10:30:00.000Z'],
    ['now-3b', '2026-04-10T10:30:00.000Z'],
    ['now-0d', '2026-04-15T10:30:00.000Z'],
    ['1700000000000', '2023-11-14T22:13:20.000Z'],
    ['1700000000000||+1d', '2023-11-15T22:13:20.000Z'],
    ['0000-01-01', '0000-01-01T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
  ])('%s gives %s', (expression, expected) => {
    expect(new Date(resolve(expression)).toISOString()).toBe(new Date(expected).toISOString());
  });

  it('steps over weekends for business days from a Saturday and a Sunday', () => {
    expect(resolve('now+1b', '2026-04-18T09:00:00Z')).toBe('2026-04-20T09:00:00.000Z');
    expect(resolve('now+1b', '2026-04-19T09:00:00Z')).toBe('2026-04-20T09:00:00.000Z');
    expect(resolve('now-1b', '2026-04-20T09:00:00Z')).toBe('2026-04-17T09:00:00.000Z');
    expect(resolve('now+6b', '2026-04-18T09:00:00Z')).toBe('2026-04-27T09:00:00.000Z');
  });

  it('agrees with stepping one business day at a time', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40, max: 40 }), fc.integer({ min: 0, max: 13 }), (amount, offset) => {
        const now = new Date(Date.UTC(2026, 3, 13 + offset, 9));
        let stepped = now.getTime();
        for (let i = 0; i < Math.abs(amount); i++) {
          stepped = resolveDateMath(`now${amount < 0 ? '-' : '+'}1b`, {
            now: new Date(stepped),
            timeZone: 'UTC',
          }).getTime();
        }
        const direct = resolveDateMath(`now${amount < 0 ? '-' : '+'}${Math.abs(amount)}b`, {
          now,
          timeZone: 'UTC',
        });
        expect(direct.getTime()).toBe(stepped);
      }),
    );
  });
});

describe('resolveDateMath errors (§3.3)', () => {
  it.each([
    'no',
    'now+',
    'now/x',
    'tomorrow',
    'now+1D',
    'NOW',
    'now /d',
    '2024-13-01',
    '2024-02-30',
    '',
    '||+1d',
    'now||+1d',
    'now/b',
    '2024-1-5',
    '2024/01/01',
    '2024-01-01+1d',
    '2024-01-01T24:00',
    'now+1.5d',
    'snowfall',
    'now+99999999999y',
    'now+999999999w',
  ])('%j is an error', (expression) => {
    expect(() => resolve(expression)).toThrow(DateMathError);
  });

  it('rejects an unknown time zone', () => {
    expect(() => resolve('now', wednesday, 'Mars/Olympus')).toThrow(DateMathError);
  });

  it('never throws anything but DateMathError', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'now0123456789-+/|:TZ.yMwdbhHmsQf '.split('')) }),
        (text) => {
          try {
            resolve(text);
          } catch (error) {
            expect(error).toBeInstanceOf(DateMathError);
          }
        },
      ),
    );
  });
});

describe('parseDateMath', () => {
  it('gives the anchor and the adjustments in order', () => {
    expect(parseDateMath('now/d+1d')).toEqual({
      anchor: { kind: 'now' },
      adjustments: [
        { kind: 'round', unit: 'd' },
        { kind: 'add', amount: 1, unit: 'd' },
      ],
    });
    expect(parseDateMath('2024-01-01T10:00+02:00||-2H')).toEqual({
      anchor: {
        kind: 'absolute',
        wall: { year: 2024, month: 1, day: 1, hour: 10, minute: 0, second: 0, millisecond: 0 },
        offset: '+02:00',
      },
      adjustments: [{ kind: 'add', amount: -2, unit: 'h' }],
    });
  });
});
