/**
 * The instances of a repeating VTODO for time-range queries (RFC 4791 §9.9): where each starts,
 * from its RRULE with RDATE and EXDATE, as ical.js expands them, less the instances the object
 * overrides with a RECURRENCE-ID of their own (those are matched as themselves). Instances start
 * at DTSTART, or at DUE for a task without one. A rule that keeps a fixed period in UTC (Ordo's
 * own repeats, and FREQ with INTERVAL, COUNT or UNTIL alone) is not walked: its instances near a
 * range are computed. The walk of any other rule is bounded by the filter (@ordo/core).
 */
import { periodicInstances } from '@ordo/core';
import ICAL from 'ical.js';

const PERIOD_MS: Record<string, number> = {
  SECONDLY: 1_000,
  MINUTELY: 60_000,
  HOURLY: 3_600_000,
  DAILY: 86_400_000,
  WEEKLY: 604_800_000,
};

export type Instances = (from: number) => Iterable<number>;

const isUtc = (time: ICAL.Time) => !time.isDate && time.zone?.tzid === 'UTC';

/** Does the rule repeat every so many milliseconds of UTC time, from a start in UTC? */
function periodic(todo: ICAL.Component, rule: ICAL.Recur, start: ICAL.Time): Instances | undefined {
  const period = PERIOD_MS[rule.freq];
  if (period === undefined || Object.keys(rule.parts).length > 0 || !isUtc(start)) return undefined;
  if (todo.getAllProperties('rrule').length > 1 || todo.hasProperty('rdate') || todo.hasProperty('exdate'))
    return undefined;
  if (rule.until && !isUtc(rule.until)) return undefined;
  return periodicInstances(start.toJSDate().getTime(), period * rule.interval, {
    ...(rule.count ? { count: rule.count } : {}),
    ...(rule.until ? { until: rule.until.toJSDate().getTime() } : {}),
  });
}

/**
 * Every instance in order, from the first. A rule ical.js cannot expand (kept from before values
 * were checked) leaves the task its first instance, its own dates.
 */
function* walk(todo: ICAL.Component, start: ICAL.Time, overridden: ReadonlySet<number>) {
  let walked = 0;
  try {
    const expansion = new ICAL.RecurExpansion({ component: todo, dtstart: start });
    for (let next = expansion.next(); next; next = expansion.next()) {
      const at = next.toJSDate().getTime();
      walked++;
      if (!overridden.has(at)) yield at;
    }
  } catch {
    if (walked === 0) yield start.toJSDate().getTime();
  }
}

/**
 * The instances of a VTODO with an RRULE; undefined for one that does not repeat (or, against
 * RFC 5545, has no DTSTART or DUE to repeat from). `overridden` holds the starts of the
 * instances other VTODOs of its object replace (their RECURRENCE-ID), as instants.
 */
export function instancesOf(todo: ICAL.Component, overridden: ReadonlySet<number>): Instances | undefined {
  if (todo.hasProperty('recurrence-id')) return undefined;
  let rule: unknown;
  let start: unknown;
  try {
    rule = todo.getFirstPropertyValue('rrule');
    start = todo.getFirstPropertyValue('dtstart') ?? todo.getFirstPropertyValue('due');
  } catch {
    return undefined;
  }
  if (!(rule instanceof ICAL.Recur) || !(start instanceof ICAL.Time)) return undefined;
  if (overridden.size === 0) {
    const computed = periodic(todo, rule, start);
    if (computed) return computed;
  }
  return () => walk(todo, start, overridden);
}

/** The instants of the RECURRENCE-IDs of a calendar's VTODOs. */
export function overriddenStarts(calendar: ICAL.Component): Set<number> {
  const starts = new Set<number>();
  for (const todo of calendar.getAllSubcomponents('vtodo')) {
    try {
      const id = todo.getFirstPropertyValue('recurrence-id');
      if (id instanceof ICAL.Time) starts.add(id.toJSDate().getTime());
    } catch {
      // A RECURRENCE-ID that cannot be read overrides nothing.
    }
  }
  return starts;
}
