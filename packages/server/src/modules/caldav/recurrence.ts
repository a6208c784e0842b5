/**
 * The instances of a repeating VTODO for time-range queries (RFC 4791 §9.9): where each starts,
 * from its RRULE with RDATE and EXDATE, as ical.js expands them, less the instances the object
 * overrides with a RECURRENCE-ID of their own (those are matched as themselves). Instances start
 * at DTSTART, or at DUE for a task without one. A rule that keeps a fixed period in UTC (Ordo's
 * own repeats, and FREQ with INTERVAL, COUNT or UNTIL alone) is not walked: its instances near a
 * range are computed. A daily or weekly rule is walked from its last whole period before the
 * range rather than from DTSTART. Every walk is bounded: in instances by the filter (@ordo/core),
 * in time by the query's budget (expansion-budget.ts), past which the task counts as in range.
 * A VTODO with RDATE and no RRULE repeats on its own start and the dates it lists (less EXDATE),
 * which are read here: ical.js leaves its DTSTART out of that set.
 */
import { periodicInstances, UNWALKED } from '@ordo/core';
import ICAL from 'ical.js';
import { type ExpansionBudget, ExpansionStopped, within } from './expansion-budget.js';

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

const DAY_MS = 86_400_000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * A later start for the walk of a daily or weekly rule whose DTSTART is long before `from`: whole
 * steps of the rule later (INTERVAL days or weeks; with BYDAY also whole weeks), at the same time
 * of day, so the walk gives from there the instances it would give from DTSTART. Only for a rule
 * whose instances do not depend on where the count began (no COUNT), whose only BY-part is BYDAY,
 * and whose DTSTART is an instance by the rule itself (RFC 5545 counts DTSTART as the first
 * instance even where the rule would not give it; a later start would be such an extra one).
 */
function laterStart(rule: ICAL.Recur, start: ICAL.Time, from: number): ICAL.Time | undefined {
  const unit = rule.freq === 'DAILY' ? 1 : rule.freq === 'WEEKLY' ? 7 : 0;
  const parts = Object.keys(rule.parts);
  if (!unit || rule.count || !Number.isFinite(from) || parts.some((part) => part !== 'BYDAY')) return;
  const days = rule.parts.BYDAY;
  if (days && !days.includes(WEEKDAYS[start.dayOfWeek() - 1])) return;
  let step = unit * rule.interval;
  if (days) step = (step * 7) / gcd(step, 7);
  // One step short, so a daylight saving change between them cannot put the start past `from`.
  const steps = Math.floor((from - start.toJSDate().getTime()) / (step * DAY_MS)) - 1;
  if (steps <= 0) return;
  const later = start.clone();
  later.adjust(steps * step, 0, 0, 0);
  return later;
}

/**
 * Every instance in order, from the first (or from a later start that leaves out only instances
 * before `from`). A rule ical.js cannot expand (kept from before values were checked) leaves the
 * task its first instance, its own dates; a walk out of budget ends with UNWALKED.
 */
function* walk(
  todo: ICAL.Component,
  rule: ICAL.Recur,
  start: ICAL.Time,
  overridden: ReadonlySet<number>,
  budget: ExpansionBudget,
  from: number,
) {
  let walked = 0;
  try {
    const dtstart = laterStart(rule, start, from) ?? start;
    const expansion = within(budget, () => new ICAL.RecurExpansion({ component: todo, dtstart }));
    for (
      let next = within(budget, () => expansion.next());
      next;
      next = within(budget, () => expansion.next())
    ) {
      const at = next.toJSDate().getTime();
      walked++;
      if (!overridden.has(at)) yield at;
    }
  } catch (error) {
    if (error instanceof ExpansionStopped) yield UNWALKED;
    else if (walked === 0) yield start.toJSDate().getTime();
  }
}

/** The instants of a date list property's values (RDATE may list PERIODs: each starts one). */
function instantsOf(todo: ICAL.Component, name: 'rdate' | 'exdate'): ICAL.Time[] {
  return todo.getAllProperties(name).flatMap((property) =>
    property.getValues().flatMap((value) => {
      if (value instanceof ICAL.Time) return [value];
      if (value instanceof ICAL.Period) return [value.start];
      return [];
    }),
  );
}

/**
 * The instances of a VTODO that repeats by RDATE alone: its own start and each date it lists, in
 * order, less those an EXDATE names (a DATE EXDATE takes the day, as ical.js has it) and those
 * other VTODOs override.
 */
function listedInstances(todo: ICAL.Component, start: ICAL.Time, overridden: ReadonlySet<number>): Instances {
  const excluded = instantsOf(todo, 'exdate');
  const isExcluded = (time: ICAL.Time) =>
    excluded.some((ex) =>
      ex.isDate && !time.isDate
        ? ex.year === time.year && ex.month === time.month && ex.day === time.day
        : ex.compare(time) === 0,
    );
  const starts = [start, ...instantsOf(todo, 'rdate')]
    .filter((time) => !isExcluded(time))
    .map((time) => time.toJSDate().getTime())
    .filter((at) => !overridden.has(at));
  const sorted = [...new Set(starts)].sort((a, b) => a - b);
  return () => sorted;
}

/**
 * The instances of a VTODO with an RRULE or RDATE; undefined for one that does not repeat (or,
 * against RFC 5545, has no DTSTART or DUE to repeat from). `overridden` holds the starts of the
 * instances other VTODOs of its object replace (their RECURRENCE-ID), as instants; `budget` is
 * the query's, shared by all its tasks.
 */
export function instancesOf(
  todo: ICAL.Component,
  overridden: ReadonlySet<number>,
  budget: ExpansionBudget,
): Instances | undefined {
  if (todo.hasProperty('recurrence-id')) return undefined;
  let rule: unknown;
  let start: unknown;
  try {
    rule = todo.getFirstPropertyValue('rrule');
    start = todo.getFirstPropertyValue('dtstart') ?? todo.getFirstPropertyValue('due');
    if (!rule && start instanceof ICAL.Time && todo.hasProperty('rdate'))
      return listedInstances(todo, start, overridden);
  } catch {
    return undefined;
  }
  if (!(rule instanceof ICAL.Recur) || !(start instanceof ICAL.Time)) return undefined;
  if (overridden.size === 0) {
    const computed = periodic(todo, rule, start);
    if (computed) return computed;
  }
  const [recur, first] = [rule, start];
  return (from) => walk(todo, recur, first, overridden, budget, from);
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
