/**
 * Reading a VTODO a client PUTs (reference §2.18), parsed with ical.js. What the VTODO always
 * says (summary, description, dates, priority, status) is taken as sent, absent meaning unset;
 * what clients often leave out is `undefined` when absent, and the PUT decides whether that keeps
 * the task's value or removes it (put-intent.ts): categories (labels), alarms (reminders), percent
 * complete and the repeat. What Ordo has no field for is not read here: the client's text is kept
 * whole beside the task (vtodo-merge.ts). Every value in the object is checked as it is parsed, so
 * a malformed one is refused at the PUT rather than stored to break later reads.
 */
import { FIELD_LIMITS, instantOfWallTime, isValidTimeZone, repeatOfRrule, runeLength } from '@ordo/core';
import ICAL from 'ical.js';
import type { PreconditionName } from './preconditions.js';

/** The RFC 4791 §5.3.2.1 precondition a PUT body fails. */
export type CalendarPrecondition = Exclude<PreconditionName, 'no-uid-conflict'>;

export class InvalidCalendarError extends Error {
  constructor(
    readonly precondition: CalendarPrecondition,
    message: string,
  ) {
    super(message);
  }
}

export interface VtodoReminder {
  reminder?: string;
  relative_period?: number;
  relative_to?: string;
}

export interface VtodoFields {
  uid: string | null;
  title: string;
  /** Plain text. */
  description: string;
  done: boolean;
  /** COMPLETED: when the client says the task was done. */
  completed?: string;
  due_date: string | null;
  start_date: string | null;
  end_date: string | null;
  /** Is the end stated as a DURATION, which counts from DTSTART and may not stand beside DUE? */
  endIsDuration: boolean;
  priority: number;
  percent_done?: number;
  /** The RRULE's value, verbatim, and the repeat Ordo runs it as (none for a rule it cannot). */
  rrule?: string;
  repeat?: { repeat_after: number; repeat_mode: number };
  /** Does it repeat on dates it lists (RDATE), with or without an RRULE? */
  repeatsOnDates: boolean;
  /** Label titles; [] clears them. */
  categories?: string[];
  reminders?: VtodoReminder[];
  /** COLOR as a six-digit hex colour without `#`; undefined without one Ordo can read. */
  color?: string;
  /** Uids named by RELATED-TO: parents (RELTYPE=PARENT, the default) and subtasks (CHILD). */
  parents: string[];
  children: string[];
  /** SEQUENCE: the client's count of the VTODO's revisions; 0 without one (or with one that is no count). */
  sequence: number;
}

/** iCalendar's 1 (high) … 9 (low) to Ordo's 5 (do now) … 1 (low); 0 is undefined. */
function priorityIn(value: number): number {
  if (value < 1 || value > 9) return 0;
  if (value === 1) return 5;
  if (value === 2) return 4;
  if (value <= 4) return 3;
  if (value === 5) return 2;
  return 1;
}

/** A VTODO's times are read against its calendar's time zones and the user's zone. */
export interface Zones {
  /** The calendar's VTIMEZONEs by TZID. */
  defined: Map<string, ICAL.Timezone>;
  /** Where floating times and all-day dates are (the user's zone). */
  local: string;
}

export function zonesOf(calendar: ICAL.Component, local: string): Zones {
  const defined = new Map<string, ICAL.Timezone>();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = zone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') defined.set(tzid, new ICAL.Timezone(zone));
  }
  return { defined, local: isValidTimeZone(local) ? local : 'UTC' };
}

const wallOf = (t: ICAL.Time) => ({
  year: t.year,
  month: t.month,
  day: t.day,
  hour: t.isDate ? 0 : t.hour,
  minute: t.isDate ? 0 : t.minute,
  second: t.isDate ? 0 : t.second,
  millisecond: 0,
});

/**
 * An instant as an RFC 3339 UTC string. All-day dates are midnight and floating times are wall
 * times in the user's zone; a TZID resolves through the calendar's VTIMEZONE or as an IANA name.
 */
function isoOf(property: ICAL.Property | null, zones: Zones): string | null {
  const value = property?.getFirstValue();
  if (!(value instanceof ICAL.Time)) return null;
  const tzid = property?.getFirstParameter('tzid');
  let ms: number;
  if (value.isDate) ms = instantOfWallTime(wallOf(value), zones.local);
  else if (tzid && zones.defined.has(tzid)) {
    const time = value.clone();
    time.zone = zones.defined.get(tzid) as ICAL.Timezone;
    ms = time.toUnixTime() * 1000;
  } else if (value.zone?.tzid === 'floating' || value.zone === undefined)
    ms = instantOfWallTime(wallOf(value), tzid && isValidTimeZone(tzid) ? tzid : zones.local);
  else ms = value.toUnixTime() * 1000;
  if (!Number.isFinite(ms)) return null;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * One VALARM as a reminder; null for one Ordo cannot hold (relative to a date the task has not).
 * `hasStart` and `hasDue` are whether the task has those dates.
 */
export function readAlarm(
  alarm: ICAL.Component,
  zones: Zones,
  hasStart: boolean,
  hasDue: boolean,
): VtodoReminder | null {
  const trigger = alarm.getFirstProperty('trigger');
  const value = trigger?.getFirstValue();
  if (value instanceof ICAL.Time) {
    const at = isoOf(trigger as ICAL.Property, zones);
    return at ? { reminder: at } : null;
  }
  if (!(value instanceof ICAL.Duration)) return null;
  const relatedToEnd = String(trigger?.getFirstParameter('related') ?? '').toUpperCase() === 'END';
  // A VTODO's END is its DUE; a start-related alarm of a task without a start follows the due date.
  const base = relatedToEnd || !hasStart ? 'due_date' : 'start_date';
  if ((base === 'due_date' && !hasDue) || (base === 'start_date' && !hasStart)) return null;
  return { relative_period: value.toSeconds(), relative_to: base };
}

function readReminders(
  todo: ICAL.Component,
  zones: Zones,
  hasStart: boolean,
  hasDue: boolean,
): VtodoReminder[] {
  return todo
    .getAllSubcomponents('valarm')
    .flatMap((alarm) => readAlarm(alarm, zones, hasStart, hasDue) ?? []);
}

function readCategories(todo: ICAL.Component): string[] | undefined {
  const properties = todo.getAllProperties('categories');
  if (properties.length === 0) return undefined;
  const titles = properties
    .flatMap((p) => p.getValues())
    .map((v) => clipped(String(v).trim()))
    .filter((v) => v !== '');
  return [...new Set(titles)];
}

/**
 * COLOR (RFC 7986) when it is a hex colour, as Ordo and several apps write it (`#1c7ed6`, with an
 * alpha pair some add); a CSS colour name is left to the app's copy.
 */
function colorOf(todo: ICAL.Component): { color?: string } {
  const value = String(todo.getFirstPropertyValue('color') ?? '').trim();
  const hex = /^#?([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(value)?.[1];
  return hex ? { color: hex.toLowerCase() } : {};
}

/** The RRULE's value as the client wrote it (ical.js keeps the order of its parts). */
function readRrule(todo: ICAL.Component): string | undefined {
  const property = todo.getFirstProperty('rrule');
  if (!property) return undefined;
  const line = ICAL.stringify.property(property.toJSON(), ICAL.design.icalendar, true);
  return line.slice(line.indexOf(':') + 1).replace(/\r?\n[ \t]/g, '');
}

/**
 * The end date: DTSTART + DURATION, as Ordo writes it for a task with a start and no due date;
 * X-ORDO-END-DATE, where it writes it otherwise (a VTODO may not have DUE and DURATION together,
 * nor DTEND: RFC 5545 §3.6.2); DTEND as other servers and older clients write it.
 */
function endOf(todo: ICAL.Component, zones: Zones, start: string | null): string | null {
  const end = statedEnd(todo, zones);
  if (end) return end;
  const duration = todo.getFirstPropertyValue('duration');
  if (start && duration instanceof ICAL.Duration) {
    return new Date(Date.parse(start) + duration.toSeconds() * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  return null;
}

/** The end as a date of its own (DTEND or X-ORDO-END-DATE), which a DURATION beside it does not override. */
function statedEnd(todo: ICAL.Component, zones: Zones): string | null {
  return isoOf(todo.getFirstProperty('dtend'), zones) ?? isoOf(todo.getFirstProperty(END_DATE), zones);
}

/**
 * STATUS says whether the task is done, as clients show it: a COMPLETED time left behind on a task
 * reopened as NEEDS-ACTION or IN-PROCESS does not make it done (CANCELLED is not done either).
 * Without a STATUS, a COMPLETED time says it is.
 */
function isDone(todo: ICAL.Component, status: string): boolean {
  return status ? status === 'COMPLETED' : todo.hasProperty('completed');
}

function relatedUids(todo: ICAL.Component, reltype: 'PARENT' | 'CHILD'): string[] {
  return todo
    .getAllProperties('related-to')
    .filter((p) => String(p.getFirstParameter('reltype') || 'PARENT').toUpperCase() === reltype)
    .map((p) => String(p.getFirstValue() ?? '').trim())
    .filter((uid) => uid !== '');
}

/** Ordo's property for a task's end date where no standard one may hold it (vtodo-output.ts). */
export const END_DATE = 'x-ordo-end-date';

/** A date or date-time as ical.js's parser gives it ('2030-03-01', '2030-03-01T10:00:00Z'). */
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})Z?)?$/;

function isRealDate(text: string): boolean {
  const parts = DATE_TEXT.exec(text);
  if (!parts) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts.slice(1).map((p) => Number(p ?? 0));
  const daysInMonth = new Date(Date.UTC(year as number, month as number, 0)).getUTCDate();
  return (
    (month as number) >= 1 &&
    (month as number) <= 12 &&
    (day as number) >= 1 &&
    (day as number) <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60
  );
}

/**
 * Every value of every property, the VTODO's and its alarms' and time zones', as ical.js reads it
 * when asked: one it cannot read (`CREATED:bogus`, `TRIGGER:soon`) or a date that is not one
 * (month 13, which ical.js would roll over into the next year) makes the object invalid.
 */
function checkValues(component: ICAL.Component): void {
  for (const property of component.getAllProperties()) {
    const name = property.name.toUpperCase();
    let values: unknown[];
    try {
      values = property.getValues();
    } catch (error) {
      throw new InvalidCalendarError('valid-calendar-data', `${name}: ${(error as Error).message}`);
    }
    if ((property.type === 'date' || property.type === 'date-time') && values.length > 0) {
      const raw = (property.toJSON() as unknown[]).slice(3);
      if (raw.some((text) => typeof text !== 'string' || !isRealDate(text)))
        throw new InvalidCalendarError('valid-calendar-data', `${name}: ${String(raw[0])} is not a date.`);
    }
  }
  for (const sub of component.getAllSubcomponents()) checkValues(sub);
}

/**
 * A calendar object resource holds one task: VTODOs of one UID (the task and its recurrences'
 * overrides) and the time zones they use, nothing else (RFC 4791 §4.1).
 */
function checkOneTask(calendar: ICAL.Component): void {
  const components = calendar.getAllSubcomponents();
  const other = components.find((c) => c.name !== 'vtodo' && c.name !== 'vtimezone');
  if (other)
    throw new InvalidCalendarError(
      'valid-calendar-object-resource',
      `A task's calendar object holds its VTODO alone, not a ${other.name.toUpperCase()} beside it.`,
    );
  const uids = new Set(
    components.filter((c) => c.name === 'vtodo').map((c) => String(c.getFirstPropertyValue('uid') ?? '')),
  );
  if (uids.size > 1)
    throw new InvalidCalendarError(
      'valid-calendar-object-resource',
      'The VTODOs of one calendar object share one UID: each task is an object of its own.',
    );
}

/** The calendar of an iCalendar text and its task: the VTODO that is not a recurrence's override. */
export function parseCalendar(text: string): { calendar: ICAL.Component; todo: ICAL.Component } {
  let calendar: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    // Several VCALENDARs in one text parse as a list of them.
    if (Array.isArray(parsed[0])) throw new Error('more than one VCALENDAR');
    calendar = new ICAL.Component(parsed);
  } catch (error) {
    throw new InvalidCalendarError(
      'valid-calendar-data',
      `Not an iCalendar object: ${(error as Error).message}`,
    );
  }
  if (calendar.name !== 'vcalendar')
    throw new InvalidCalendarError('valid-calendar-data', 'The calendar object is not a VCALENDAR.');
  const todos = calendar.getAllSubcomponents('vtodo');
  const todo = todos.find((t) => !t.hasProperty('recurrence-id')) ?? todos[0];
  if (!todo) {
    const other = calendar.getAllSubcomponents().find((c) => c.name !== 'vtimezone');
    throw new InvalidCalendarError(
      other ? 'supported-calendar-component' : 'valid-calendar-object-resource',
      other
        ? `This calendar holds tasks (VTODO), not ${other.name.toUpperCase()}.`
        : 'The calendar object holds no VTODO.',
    );
  }
  return { calendar, todo };
}

/**
 * The task fields of an iCalendar text's VTODO; InvalidCalendarError when it is not one.
 * `timeZone` is the user's: floating times and all-day dates are read in it. `checkValues` reads
 * every value of the object first, as a PUT does before the text is kept; a text already kept was
 * checked when it came.
 */
export function readVtodo(
  text: string,
  timeZone: string,
  options: { checkValues?: boolean } = {},
): VtodoFields {
  const { calendar, todo } = parseCalendar(text);
  if (options.checkValues) {
    checkOneTask(calendar);
    checkValues(calendar);
  }
  try {
    return readFields(calendar, todo, timeZone);
  } catch (error) {
    // ical.js reads a value when it is first asked for, and throws if it cannot.
    if (error instanceof InvalidCalendarError) throw error;
    throw new InvalidCalendarError('valid-calendar-data', (error as Error).message);
  }
}

function readFields(calendar: ICAL.Component, todo: ICAL.Component, timeZone: string): VtodoFields {
  const zones = zonesOf(calendar, timeZone);
  const start = isoOf(todo.getFirstProperty('dtstart'), zones);
  const due = isoOf(todo.getFirstProperty('due'), zones);
  const completed = isoOf(todo.getFirstProperty('completed'), zones);
  const status = String(todo.getFirstPropertyValue('status') ?? '').toUpperCase();
  const percent = todo.getFirstPropertyValue('percent-complete');
  const hasAlarms = todo.getAllSubcomponents('valarm').length > 0;
  const rrule = readRrule(todo);
  const repeat = rrule === undefined ? null : repeatOfRrule(rrule);
  const uid = todo.getFirstPropertyValue('uid');
  const fields: VtodoFields = {
    uid: typeof uid === 'string' && uid.trim() !== '' ? uid : null,
    title: clipped(String(todo.getFirstPropertyValue('summary') ?? '').trim()),
    description: String(todo.getFirstPropertyValue('description') ?? ''),
    done: isDone(todo, status),
    ...(completed ? { completed } : {}),
    due_date: due,
    start_date: start,
    end_date: endOf(todo, zones, start),
    endIsDuration: todo.hasProperty('duration') && statedEnd(todo, zones) === null,
    priority: priorityIn(Number(todo.getFirstPropertyValue('priority') ?? 0)),
    ...(typeof percent === 'number' ? { percent_done: Math.min(100, Math.max(0, percent)) / 100 } : {}),
    ...(rrule !== undefined
      ? {
          rrule,
          repeat: repeat
            ? { repeat_after: repeat.repeatAfter, repeat_mode: repeat.repeatMode }
            : { repeat_after: 0, repeat_mode: 0 },
        }
      : {}),
    repeatsOnDates: todo.hasProperty('rdate'),
    categories: readCategories(todo),
    ...colorOf(todo),
    ...(hasAlarms ? { reminders: readReminders(todo, zones, start !== null, due !== null) } : {}),
    parents: relatedUids(todo, 'PARENT'),
    children: relatedUids(todo, 'CHILD'),
    sequence: sequenceOf(todo),
  };
  checkLengths(fields);
  return fields;
}

/**
 * The highest SEQUENCE Ordo keeps: a larger one is read as this, so the count (a 32-bit integer
 * column) still has room to go up.
 */
export const MAX_SEQUENCE = 2_000_000_000;

/** A SEQUENCE that is no count (kept from before values were checked) counts as none. */
function sequenceOf(todo: ICAL.Component): number {
  let value: unknown;
  try {
    value = todo.getFirstPropertyValue('sequence');
  } catch {
    return 0;
  }
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? Math.min(value, MAX_SEQUENCE)
    : 0;
}

/**
 * A title or label longer than Ordo's limit, cut to it with an ellipsis: apps let people type
 * longer ones, and a refused PUT would leave the task on the device alone, retried at every sync.
 * The app's copy keeps the whole text (vtodo-merge.ts compares the cut forms).
 */
function clipped(text: string): string {
  if (runeLength(text) <= FIELD_LIMITS.title) return text;
  return `${[...text].slice(0, FIELD_LIMITS.title - 1).join('')}…`;
}

/** The API's field limits hold for CalDAV clients too (a UID is stored like a title). */
function checkLengths(fields: VtodoFields): void {
  const texts: [string, string, number][] = [
    ['UID', fields.uid ?? '', FIELD_LIMITS.title],
    ['RRULE', fields.rrule ?? '', FIELD_LIMITS.title],
    ['DESCRIPTION', fields.description, FIELD_LIMITS.description],
  ];
  for (const [name, text, limit] of texts) {
    if (runeLength(text) > limit)
      throw new InvalidCalendarError(
        name === 'DESCRIPTION' ? 'max-resource-size' : 'valid-calendar-object-resource',
        `${name} is longer than ${limit} characters.`,
      );
  }
}
