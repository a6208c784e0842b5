/**
 * Answering a calendar-query (RFC 4791 §7.8): the database narrows the tasks by what a filter
 * says about Ordo's own columns (an open task has no COMPLETED; a task in a time range has a
 * date near it, or repeats), then each remaining object is read, its repeat expanded, and the
 * whole filter evaluated on it precisely (@ordo/core), so the SQL part only has to be a safe
 * superset.
 */
import { type CalendarComponent, type CalendarProperty, type CompFilter, calendarMatches } from '@ordo/core';
import ICAL from 'ical.js';
import type { CalendarObject } from './calendar.js';
import { type ExpansionBudget, expansionBudget } from './expansion-budget.js';
import { instancesOf, overriddenStarts } from './recurrence.js';

/** What SQL may narrow a query's tasks by; every field optional. */
export interface QueryHints {
  /** Only tasks not done. */
  open?: boolean;
  /** Only tasks with some date at or after `after` and some at or before `before` (ISO, UTC). */
  after?: string;
  before?: string;
}

/** Floating and all-day times are read in a user's zone, up to 14 hours off UTC: a day's slack. */
const SLACK_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The hints a filter allows; only its VTODO comp-filter (and nothing negating it) is read. */
export function queryHints(filter: CompFilter | undefined): QueryHints {
  const todo = filter?.comps.find((c) => c.name.toUpperCase() === 'VTODO' && !c.isNotDefined);
  if (!todo) return {};
  const hints: QueryHints = {};
  if (todo.props.some((p) => p.name.toUpperCase() === 'COMPLETED' && p.isNotDefined)) hints.open = true;
  const range = todo.timeRange;
  if (range?.start !== undefined) hints.after = iso(range.start - SLACK_MS);
  if (range?.end !== undefined) hints.before = iso(range.end + SLACK_MS);
  return hints;
}

/** Does the filter let VTODOs through at all (a VEVENT-only query finds nothing in Ordo)? */
export function mayMatchTodos(filter: CompFilter | undefined): boolean {
  if (!filter) return true;
  if (filter.comps.length === 0) return true;
  return filter.comps.some((c) => c.name.toUpperCase() === 'VTODO' || c.isNotDefined);
}

/**
 * A property for the filter. A value ical.js cannot read (kept from before PUTs checked every
 * value) is matched as its text, so one such object does not fail the whole query.
 */
function property(prop: ICAL.Property): CalendarProperty {
  const json = prop.toJSON() as [string, Record<string, string | string[]>, string, ...unknown[]];
  let decoded: unknown[];
  try {
    decoded = prop.getValues();
  } catch {
    decoded = json.slice(3);
  }
  const values = decoded.map((v) => (v instanceof ICAL.Time ? v.toString() : String(v)));
  const params: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(json[1])) params[name] = Array.isArray(value) ? value : [value];
  const first = decoded[0];
  return {
    name: prop.name.toUpperCase(),
    values,
    params,
    ...(first instanceof ICAL.Time ? { time: first.toJSDate().getTime() } : {}),
  };
}

/**
 * How long one query may spend expanding repeating tasks, the event loop held meanwhile; the
 * tasks it has not reached by then are answered as in range.
 */
const EXPANSION_MS = 2000;

/** `overridden`: for a VTODO, the instances its object's other VTODOs replace. */
function component(
  comp: ICAL.Component,
  budget: ExpansionBudget,
  overridden: ReadonlySet<number> = new Set(),
): CalendarComponent {
  let duration: unknown;
  try {
    duration = comp.getFirstPropertyValue('duration');
  } catch {
    duration = null;
  }
  const instances = comp.name === 'vtodo' ? instancesOf(comp, overridden, budget) : undefined;
  const starts = comp.name === 'vcalendar' ? overriddenStarts(comp) : overridden;
  return {
    name: comp.name.toUpperCase(),
    props: comp.getAllProperties().map(property),
    comps: comp.getAllSubcomponents().map((sub) => component(sub, budget, starts)),
    ...(duration instanceof ICAL.Duration ? { durationMs: duration.toSeconds() * 1000 } : {}),
    ...(instances ? { instances } : {}),
  };
}

/** The objects that pass the filter. */
export function matching(
  objects: readonly CalendarObject[],
  filter: CompFilter | undefined,
): CalendarObject[] {
  if (!filter) return [...objects];
  const budget = expansionBudget(EXPANSION_MS);
  return objects.filter((o) =>
    calendarMatches(filter, component(new ICAL.Component(ICAL.parse(o.ics)), budget)),
  );
}
