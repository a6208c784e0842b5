/**
 * A CalDAV calendar-query filter (RFC 4791 §9.7) and its evaluation against one calendar
 * component: comp-filter, prop-filter, param-filter, is-not-defined, text-match with the
 * i;ascii-casemap, i;unicode-casemap and i;octet collations, and time-range with the VTODO
 * rules of §9.9, where a repeating task matches when any of its instances does. Components come
 * already read from iCalendar (the server reads them with ical.js, and expands their rules),
 * with their date properties as instants.
 */

/** A time range in milliseconds since the epoch; an open end is undefined (±infinity). */
export interface TimeRange {
  start?: number;
  end?: number;
}

export type Collation = 'i;ascii-casemap' | 'i;unicode-casemap' | 'i;octet';
export type MatchType = 'equals' | 'contains' | 'starts-with' | 'ends-with';

export interface TextMatch {
  text: string;
  collation: Collation;
  matchType: MatchType;
  negate: boolean;
}

export interface ParamFilter {
  name: string;
  isNotDefined: boolean;
  textMatch?: TextMatch;
}

export interface PropFilter {
  name: string;
  isNotDefined: boolean;
  timeRange?: TimeRange;
  textMatch?: TextMatch;
  params: ParamFilter[];
}

export interface CompFilter {
  name: string;
  isNotDefined: boolean;
  timeRange?: TimeRange;
  props: PropFilter[];
  comps: CompFilter[];
}

export interface CalendarProperty {
  name: string;
  /** Each value as text (a multi-valued property such as CATEGORIES has several). */
  values: string[];
  params: Record<string, string[]>;
  /** For a date or date-time property: the instant it names. */
  time?: number;
}

export interface CalendarComponent {
  name: string;
  props: CalendarProperty[];
  comps: CalendarComponent[];
  /** For a component with DURATION: its length in milliseconds. */
  durationMs?: number;
  /**
   * For a repeating component: where each instance starts (its DTSTART, or its DUE when it has
   * none), in order, the first being the component's own. The source may leave out instances that
   * start before `from` when it can skip them without walking them, and may end with UNWALKED
   * when it stops short (its time is up).
   */
  instances?: (from: number) => Iterable<number>;
}

/**
 * Instances walked at most for one component and range. A rule still short of the range after
 * that many (every minute for years) is taken to reach it: a client is better served by one task
 * too many than by a query that keeps the server busy.
 */
export const MAX_INSTANCES = 2000;

export const SUPPORTED_COLLATIONS: readonly Collation[] = ['i;ascii-casemap', 'i;unicode-casemap', 'i;octet'];

const upper = (name: string) => name.toUpperCase();

function fold(text: string, collation: Collation): string {
  if (collation === 'i;octet') return text;
  // i;ascii-casemap folds only a–z (RFC 4790 §9.2); i;unicode-casemap folds all of Unicode.
  if (collation === 'i;ascii-casemap') return text.replace(/[a-z]+/g, (s) => s.toUpperCase());
  return text.normalize('NFKD').toUpperCase().normalize('NFKD');
}

export function textMatches(match: TextMatch, value: string): boolean {
  const text = fold(match.text, match.collation);
  const folded = fold(value, match.collation);
  const found =
    match.matchType === 'equals'
      ? folded === text
      : match.matchType === 'starts-with'
        ? folded.startsWith(text)
        : match.matchType === 'ends-with'
          ? folded.endsWith(text)
          : folded.includes(text);
  return found !== match.negate;
}

const NEG = Number.NEGATIVE_INFINITY;
const POS = Number.POSITIVE_INFINITY;

/** The dates §9.9 places a VTODO by. */
interface TodoDates {
  dtstart?: number;
  due?: number;
  completed?: number;
  created?: number;
  duration?: number;
}

function datesOf(todo: CalendarComponent): TodoDates {
  const time = (name: string) => todo.props.find((p) => upper(p.name) === name)?.time;
  return {
    dtstart: time('DTSTART'),
    due: time('DUE'),
    completed: time('COMPLETED'),
    created: time('CREATED'),
    duration: todo.durationMs,
  };
}

/** The table of RFC 4791 §9.9 for one VTODO (or one instance of a repeating one). */
function datesInRange({ dtstart, due, completed, created, duration }: TodoDates, range: TimeRange): boolean {
  const start = range.start ?? NEG;
  const end = range.end ?? POS;
  if (dtstart !== undefined && duration !== undefined) {
    const until = dtstart + duration;
    return start <= until && (end > dtstart || end >= until);
  }
  if (dtstart !== undefined && due !== undefined)
    return (start < due || start <= dtstart) && (end > dtstart || end >= due);
  if (dtstart !== undefined) return start <= dtstart && end > dtstart;
  if (due !== undefined) return start < due && end >= due;
  if (completed !== undefined && created !== undefined)
    return (start <= created || start <= completed) && (end >= created || end >= completed);
  if (completed !== undefined) return start <= completed && end >= completed;
  // A task that only has its creation time exists from then on.
  if (created !== undefined) return end > created;
  return true;
}

/**
 * Does any instance of a repeating VTODO overlap the range? Each instance keeps the span of the
 * first (DTSTART to DUE, or DURATION); the walk stops past the range's end, or after
 * MAX_INSTANCES instances or at UNWALKED, which count as reaching it.
 */
function instancesInRange(
  dates: TodoDates,
  instances: (from: number) => Iterable<number>,
  range: TimeRange,
): boolean {
  const { dtstart, due } = dates;
  const span = dtstart === undefined ? 0 : (dates.duration ?? (due === undefined ? 0 : due - dtstart));
  const end = range.end ?? POS;
  let walked = 0;
  // An instance that starts before the range's start less the span ends before the range.
  for (const at of instances((range.start ?? NEG) - Math.max(span, 0))) {
    if (Number.isNaN(at)) return true;
    if (at > end) return false;
    const instance =
      dtstart === undefined
        ? { ...dates, due: at }
        : { ...dates, dtstart: at, ...(due === undefined ? {} : { due: at + (due - dtstart) }) };
    if (datesInRange(instance, range)) return true;
    if (++walked >= MAX_INSTANCES) return true;
  }
  return false;
}

/** RFC 4791 §9.9: does a VTODO, or one of its instances when it repeats, overlap the range? */
export function vtodoInRange(todo: CalendarComponent, range: TimeRange): boolean {
  const dates = datesOf(todo);
  if (todo.instances && (dates.dtstart !== undefined || dates.due !== undefined))
    return instancesInRange(dates, todo.instances, range);
  return datesInRange(dates, range);
}

/** Any other component: overlap of [DTSTART, DTEND or DTSTART + DURATION] (§9.9, simplified). */
function componentInRange(comp: CalendarComponent, range: TimeRange): boolean {
  if (upper(comp.name) === 'VTODO') return vtodoInRange(comp, range);
  const time = (name: string) => comp.props.find((p) => upper(p.name) === name)?.time;
  const dtstart = time('DTSTART');
  if (dtstart === undefined) return false;
  const dtend = time('DTEND') ?? dtstart + (comp.durationMs ?? 0);
  const start = range.start ?? NEG;
  const end = range.end ?? POS;
  return dtend === dtstart ? start <= dtstart && end > dtstart : start < dtend && end > dtstart;
}

function propertyInRange(prop: CalendarProperty, range: TimeRange): boolean {
  if (prop.time === undefined) return false;
  return (range.start ?? NEG) <= prop.time && (range.end ?? POS) > prop.time;
}

function paramMatches(filter: ParamFilter, prop: CalendarProperty): boolean {
  const values = Object.entries(prop.params).find(([name]) => upper(name) === upper(filter.name))?.[1];
  if (filter.isNotDefined) return values === undefined;
  if (values === undefined) return false;
  return !filter.textMatch || values.some((v) => textMatches(filter.textMatch as TextMatch, v));
}

function propMatches(filter: PropFilter, comp: CalendarComponent): boolean {
  const props = comp.props.filter((p) => upper(p.name) === upper(filter.name));
  if (filter.isNotDefined) return props.length === 0;
  // "Any instance of the property" (§9.7.2) satisfies the tests.
  return props.some(
    (prop) =>
      (!filter.timeRange || propertyInRange(prop, filter.timeRange)) &&
      (!filter.textMatch || prop.values.some((v) => textMatches(filter.textMatch as TextMatch, v))) &&
      filter.params.every((p) => paramMatches(p, prop)),
  );
}

/** Does some component named as the filter, among `comps`, satisfy it (§9.7.1)? */
function compsMatch(filter: CompFilter, comps: readonly CalendarComponent[]): boolean {
  const named = comps.filter((c) => upper(c.name) === upper(filter.name));
  if (filter.isNotDefined) return named.length === 0;
  return named.some(
    (comp) =>
      (!filter.timeRange || componentInRange(comp, filter.timeRange)) &&
      filter.props.every((p) => propMatches(p, comp)) &&
      filter.comps.every((c) => compsMatch(c, comp.comps)),
  );
}

/** Does a calendar object (its VCALENDAR) pass a calendar-query's filter? */
export function calendarMatches(filter: CompFilter, calendar: CalendarComponent): boolean {
  return compsMatch(filter, [calendar]);
}
