import { describe, expect, it } from 'vitest';
import {
  type CalendarComponent,
  type CalendarProperty,
  type CompFilter,
  calendarMatches,
  MAX_INSTANCES,
  type TextMatch,
  textMatches,
  vtodoInRange,
} from './filter.js';
import { periodicInstances, UNWALKED } from './instances.js';

const at = (iso: string) => Date.parse(iso);
const prop = (name: string, value: string, time?: number): CalendarProperty => ({
  name,
  values: [value],
  params: {},
  ...(time !== undefined ? { time } : {}),
});
const date = (name: string, iso: string) => prop(name, iso, at(iso));
const todo = (props: CalendarProperty[], durationMs?: number): CalendarComponent => ({
  name: 'VTODO',
  props,
  comps: [],
  ...(durationMs !== undefined ? { durationMs } : {}),
});
const calendar = (...comps: CalendarComponent[]): CalendarComponent => ({
  name: 'VCALENDAR',
  props: [],
  comps,
});
const range = (start?: string, end?: string) => ({
  ...(start ? { start: at(start) } : {}),
  ...(end ? { end: at(end) } : {}),
});
const compFilter = (name: string, more: Partial<CompFilter> = {}): CompFilter => ({
  name,
  isNotDefined: false,
  props: [],
  comps: [],
  ...more,
});
const match = (text: string, more: Partial<TextMatch> = {}): TextMatch => ({
  text,
  collation: 'i;ascii-casemap',
  matchType: 'contains',
  negate: false,
  ...more,
});

describe('VTODO time ranges (RFC 4791 §9.9)', () => {
  const june = range('2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z');
  it('DTSTART with DURATION overlaps from its start to start plus duration', () => {
    const t = todo([date('DTSTART', '2026-05-30T00:00:00Z')], 3 * 86_400_000);
    expect(vtodoInRange(t, june)).toBe(true);
    expect(vtodoInRange(todo([date('DTSTART', '2026-05-20T00:00:00Z')], 86_400_000), june)).toBe(false);
  });
  it('DTSTART with DUE overlaps the span between them', () => {
    const t = todo([date('DTSTART', '2026-05-01T00:00:00Z'), date('DUE', '2026-08-01T00:00:00Z')]);
    expect(vtodoInRange(t, june)).toBe(true);
    const before = todo([date('DTSTART', '2026-04-01T00:00:00Z'), date('DUE', '2026-05-01T00:00:00Z')]);
    expect(vtodoInRange(before, june)).toBe(false);
  });
  it('DTSTART alone: start <= DTSTART < end', () => {
    expect(vtodoInRange(todo([date('DTSTART', '2026-06-01T00:00:00Z')]), june)).toBe(true);
    expect(vtodoInRange(todo([date('DTSTART', '2026-07-01T00:00:00Z')]), june)).toBe(false);
  });
  it('DUE alone: start < DUE <= end', () => {
    expect(vtodoInRange(todo([date('DUE', '2026-07-01T00:00:00Z')]), june)).toBe(true);
    expect(vtodoInRange(todo([date('DUE', '2026-06-01T00:00:00Z')]), june)).toBe(false);
  });
  it('COMPLETED and CREATED, COMPLETED alone, CREATED alone, nothing', () => {
    const both = todo([date('CREATED', '2026-05-01T00:00:00Z'), date('COMPLETED', '2026-06-10T00:00:00Z')]);
    expect(vtodoInRange(both, june)).toBe(true);
    expect(vtodoInRange(todo([date('COMPLETED', '2026-07-01T00:00:00Z')]), june)).toBe(true);
    expect(vtodoInRange(todo([date('COMPLETED', '2026-07-02T00:00:00Z')]), june)).toBe(false);
    expect(vtodoInRange(todo([date('CREATED', '2026-07-01T00:00:00Z')]), june)).toBe(false);
    expect(vtodoInRange(todo([date('CREATED', '2026-06-30T00:00:00Z')]), june)).toBe(true);
    expect(vtodoInRange(todo([date('CREATED', '2020-01-01T00:00:00Z')]), june)).toBe(true);
    expect(vtodoInRange(todo([]), june)).toBe(true);
  });
  it('an open-ended range', () => {
    expect(vtodoInRange(todo([date('DUE', '2020-01-01T00:00:00Z')]), range('2026-01-01T00:00:00Z'))).toBe(
      false,
    );
    expect(
      vtodoInRange(todo([date('DUE', '2020-01-01T00:00:00Z')]), range(undefined, '2026-01-01T00:00:00Z')),
    ).toBe(true);
  });
});

describe('repeating VTODOs: any instance overlapping the range matches (RFC 4791 §9.9)', () => {
  const DAY = 86_400_000;
  const june = range('2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z');
  const repeating = (
    props: CalendarProperty[],
    instances: (from: number) => Iterable<number>,
    durationMs?: number,
  ) => ({
    ...todo(props, durationMs),
    instances,
  });
  /** Instances listed outright, none skipped: as a source that has to walk its rule. */
  const listed =
    (...isos: string[]) =>
    () =>
      isos.map(at);

  it('a task first due in January, due again every week, is in June', () => {
    const due = '2026-01-05T09:00:00Z';
    const weekly = repeating([date('DUE', due)], periodicInstances(at(due), 7 * DAY));
    expect(vtodoInRange(weekly, june)).toBe(true);
    expect(vtodoInRange(todo([date('DUE', due)]), june)).toBe(false);
    // Not before it was first due.
    expect(vtodoInRange(weekly, range('2025-06-01T00:00:00Z', '2025-07-01T00:00:00Z'))).toBe(false);
  });

  it('each instance keeps the span from DTSTART to DUE, or the DURATION', () => {
    // Monthly on the 25th, running 10 days: May's instance runs into June.
    const props = [date('DTSTART', '2026-01-25T00:00:00Z'), date('DUE', '2026-02-04T00:00:00Z')];
    const monthly = listed(
      '2026-01-25T00:00:00Z',
      '2026-02-25T00:00:00Z',
      '2026-03-25T00:00:00Z',
      '2026-04-25T00:00:00Z',
      '2026-05-25T00:00:00Z',
    );
    expect(vtodoInRange(repeating(props, monthly), june)).toBe(true);
    expect(vtodoInRange(repeating(props.slice(0, 1), monthly), june)).toBe(false);
    expect(vtodoInRange(repeating(props.slice(0, 1), monthly, 10 * DAY), june)).toBe(true);
    expect(vtodoInRange(repeating(props.slice(0, 1), monthly, 5 * DAY), june)).toBe(false);
  });

  it('a rule that ends (COUNT, UNTIL) has no instances after its end', () => {
    const start = at('2026-05-04T09:00:00Z');
    const props = [date('DTSTART', '2026-05-04T09:00:00Z')];
    expect(vtodoInRange(repeating(props, periodicInstances(start, 7 * DAY, { count: 5 })), june)).toBe(true);
    expect(vtodoInRange(repeating(props, periodicInstances(start, 7 * DAY, { count: 4 })), june)).toBe(false);
    const until = { until: at('2026-05-31T23:59:59Z') };
    expect(vtodoInRange(repeating(props, periodicInstances(start, 7 * DAY, until)), june)).toBe(false);
  });

  it('stops walking a rule without end past the range', () => {
    let walked = 0;
    const daily = function* () {
      for (let t = at('2026-05-01T00:00:00Z'); ; t += DAY) {
        walked++;
        yield t;
      }
    };
    const open = repeating([date('DTSTART', '2026-05-01T00:00:00Z')], daily);
    expect(vtodoInRange(open, range('2026-05-10T12:00:00Z', '2026-05-11T00:00:00Z'))).toBe(false);
    // May 1 to 11 and the first past the end, May 12.
    expect(walked).toBe(12);
  });

  it('walks at most MAX_INSTANCES instances, a rule still short of the range taken to reach it', () => {
    let walked = 0;
    const everyMinute = function* () {
      for (let t = at('2000-01-01T00:00:00Z'); ; t += 60_000) {
        walked++;
        yield t;
      }
    };
    expect(vtodoInRange(repeating([date('DTSTART', '2000-01-01T00:00:00Z')], everyMinute), june)).toBe(true);
    expect(walked).toBe(MAX_INSTANCES);
  });

  it('takes a source that stops short (UNWALKED) to reach the range, and reads no further', () => {
    let read = 0;
    const stopped = function* () {
      read++;
      yield at('2020-01-01T00:00:00Z');
      read++;
      yield UNWALKED;
      read++;
      yield at('2020-01-02T00:00:00Z');
    };
    expect(vtodoInRange(repeating([date('DTSTART', '2020-01-01T00:00:00Z')], stopped), june)).toBe(true);
    expect(read).toBe(2);
  });

  it('a repeating task without DTSTART or DUE is placed by its other dates', () => {
    const created = [date('CREATED', '2026-07-02T00:00:00Z')];
    expect(vtodoInRange(repeating(created, listed('2026-06-10T00:00:00Z')), june)).toBe(false);
  });
});

describe('instances at a fixed period', () => {
  const base = at('2026-01-01T00:00:00Z');
  const HOUR = 3_600_000;
  const first = (source: Iterable<number>, n: number) => [...source].slice(0, n);
  const take = (source: Iterable<number>, n: number) => {
    const out: number[] = [];
    for (const t of source) {
      if (out.length === n) break;
      out.push(t);
    }
    return out;
  };
  it('starts at the first instance at or after `from`, without the earlier ones', () => {
    const hourly = periodicInstances(base, HOUR);
    expect(take(hourly(base + 10 * HOUR + 1), 2)).toEqual([base + 11 * HOUR, base + 12 * HOUR]);
    expect(take(hourly(base + 10 * HOUR), 1)).toEqual([base + 10 * HOUR]);
    expect(take(hourly(Number.NEGATIVE_INFINITY), 2)).toEqual([base, base + HOUR]);
  });
  it('ends at COUNT (the first instance counted) and at UNTIL (inclusive)', () => {
    expect(first(periodicInstances(base, HOUR, { count: 3 })(base + HOUR), 10)).toEqual([
      base + HOUR,
      base + 2 * HOUR,
    ]);
    expect(first(periodicInstances(base, HOUR, { until: base + 2 * HOUR })(0), 10)).toEqual([
      base,
      base + HOUR,
      base + 2 * HOUR,
    ]);
  });
  it('refuses a period that is not positive', () => {
    expect(() => periodicInstances(base, 0)).toThrow(RangeError);
  });
});

describe('text-match', () => {
  it('folds ASCII only with i;ascii-casemap, all letters with i;unicode-casemap', () => {
    expect(textMatches(match('milk'), 'Buy MILK')).toBe(true);
    expect(textMatches(match('äpfel'), 'ÄPFEL kaufen')).toBe(false);
    expect(textMatches(match('äpfel', { collation: 'i;unicode-casemap' }), 'ÄPFEL kaufen')).toBe(true);
    expect(textMatches(match('milk', { collation: 'i;octet' }), 'Buy MILK')).toBe(false);
  });
  it('match types and negate-condition', () => {
    expect(textMatches(match('buy', { matchType: 'starts-with' }), 'Buy milk')).toBe(true);
    expect(textMatches(match('milk', { matchType: 'equals' }), 'Buy milk')).toBe(false);
    expect(textMatches(match('MILK', { matchType: 'ends-with' }), 'Buy milk')).toBe(true);
    expect(textMatches(match('milk', { negate: true }), 'Buy milk')).toBe(false);
    expect(textMatches(match('bread', { negate: true }), 'Buy milk')).toBe(true);
  });
});

describe('comp-filter and prop-filter', () => {
  const open = todo([prop('SUMMARY', 'Buy milk'), prop('STATUS', 'NEEDS-ACTION')]);
  const done = todo([
    prop('SUMMARY', 'Pay rent'),
    prop('STATUS', 'COMPLETED'),
    date('COMPLETED', '2026-06-10T00:00:00Z'),
  ]);
  const only = (inner: Partial<CompFilter>) =>
    compFilter('VCALENDAR', { comps: [compFilter('VTODO', inner)] });
  it('VCALENDAR/VTODO lets every task through; VEVENT none', () => {
    expect(calendarMatches(only({}), calendar(open))).toBe(true);
    expect(calendarMatches(compFilter('VCALENDAR', { comps: [compFilter('VEVENT')] }), calendar(open))).toBe(
      false,
    );
    expect(calendarMatches(compFilter('VCALENDAR'), calendar(open))).toBe(true);
  });
  it('is-not-defined on COMPLETED keeps the open tasks', () => {
    const filter = only({ props: [{ name: 'COMPLETED', isNotDefined: true, params: [] }] });
    expect(calendarMatches(filter, calendar(open))).toBe(true);
    expect(calendarMatches(filter, calendar(done))).toBe(false);
  });
  it('text-match on SUMMARY, negated on STATUS', () => {
    const summary = only({
      props: [{ name: 'SUMMARY', isNotDefined: false, textMatch: match('MILK'), params: [] }],
    });
    expect(calendarMatches(summary, calendar(open))).toBe(true);
    expect(calendarMatches(summary, calendar(done))).toBe(false);
    const notDone = only({
      props: [
        { name: 'STATUS', isNotDefined: false, textMatch: match('COMPLETED', { negate: true }), params: [] },
      ],
    });
    expect(calendarMatches(notDone, calendar(open))).toBe(true);
    expect(calendarMatches(notDone, calendar(done))).toBe(false);
  });
  it('a text-match on a property the task lacks fails, negated or not', () => {
    const filter = only({
      props: [{ name: 'LOCATION', isNotDefined: false, textMatch: match('x', { negate: true }), params: [] }],
    });
    expect(calendarMatches(filter, calendar(open))).toBe(false);
  });
  it('a VTODO is-not-defined comp-filter matches a calendar without tasks', () => {
    const filter = compFilter('VCALENDAR', { comps: [compFilter('VTODO', { isNotDefined: true })] });
    expect(calendarMatches(filter, calendar())).toBe(true);
    expect(calendarMatches(filter, calendar(open))).toBe(false);
  });
  it('a time-range on the VTODO comp-filter', () => {
    const filter = only({ timeRange: range('2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z') });
    expect(calendarMatches(filter, calendar(done))).toBe(true);
  });
});
