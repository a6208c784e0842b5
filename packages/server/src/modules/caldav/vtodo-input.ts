/**
 * Reading a VTODO a client PUTs (reference §2.18), parsed with ical.js. What the VTODO always
 * says (summary, description, dates, priority, status) is taken as sent, absent meaning unset;
 * what clients often leave out is `undefined` when absent so the task keeps it: categories
 * (labels), alarms (reminders), percent complete and the repeat.
 */
import { FIELD_LIMITS, runeLength } from '@ordo/core';
import ICAL from 'ical.js';
import { repeatOf } from './repeat-rule.js';

export class InvalidCalendarError extends Error {}

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
  due_date: string | null;
  start_date: string | null;
  end_date: string | null;
  priority: number;
  percent_done?: number;
  repeat?: { repeat_after: number; repeat_mode: number };
  /** Label titles; [] clears them. */
  categories?: string[];
  reminders?: VtodoReminder[];
  /** Uids named by RELATED-TO: parents (RELTYPE=PARENT, the default) and subtasks (CHILD). */
  parents: string[];
  children: string[];
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

/** UTC milliseconds of a wall-clock time in an IANA zone (for a TZID sent without VTIMEZONE). */
function wallTimeInZone(time: ICAL.Time, zone: string): number | null {
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  try {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    const offsetAt = (ms: number) => {
      const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
      return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - ms;
    };
    const guess = wall - offsetAt(wall);
    return wall - offsetAt(guess);
  } catch {
    return null;
  }
}

/**
 * An instant as an RFC 3339 UTC string. Dates (all-day) are midnight UTC; floating times are
 * read as UTC; a TZID resolves through the calendar's VTIMEZONE or, without one, as an IANA name.
 */
function isoOf(property: ICAL.Property | null): string | null {
  const value = property?.getFirstValue();
  if (!(value instanceof ICAL.Time)) return null;
  let ms: number;
  const tzid = property?.getFirstParameter('tzid');
  if (value.isDate) ms = Date.UTC(value.year, value.month - 1, value.day);
  else if (tzid && value.zone?.tzid === 'floating')
    ms = wallTimeInZone(value, tzid) ?? value.toUnixTime() * 1000;
  else ms = value.toUnixTime() * 1000;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function readReminders(todo: ICAL.Component, hasStart: boolean, hasDue: boolean): VtodoReminder[] {
  const reminders: VtodoReminder[] = [];
  for (const alarm of todo.getAllSubcomponents('valarm')) {
    const trigger = alarm.getFirstProperty('trigger');
    const value = trigger?.getFirstValue();
    if (value instanceof ICAL.Time) {
      const at = isoOf(trigger as ICAL.Property);
      if (at) reminders.push({ reminder: at });
    } else if (value instanceof ICAL.Duration) {
      const relatedToEnd = String(trigger?.getFirstParameter('related') ?? '').toUpperCase() === 'END';
      // A VTODO's END is its DUE; a start-related alarm of a task without a start follows the due date.
      const base = relatedToEnd || !hasStart ? 'due_date' : 'start_date';
      if ((base === 'due_date' && !hasDue) || (base === 'start_date' && !hasStart)) continue;
      reminders.push({ relative_period: value.toSeconds(), relative_to: base });
    }
  }
  return reminders;
}

function readCategories(todo: ICAL.Component): string[] | undefined {
  const properties = todo.getAllProperties('categories');
  if (properties.length === 0) return undefined;
  const titles = properties
    .flatMap((p) => p.getValues())
    .map((v) => String(v).trim())
    .filter((v) => v !== '');
  return [...new Set(titles)];
}

function readRepeat(todo: ICAL.Component): VtodoFields['repeat'] {
  const rule = todo.getFirstPropertyValue('rrule');
  if (!(rule instanceof ICAL.Recur) || !rule.freq) return undefined;
  return repeatOf(rule.freq, rule.interval ?? 1) ?? undefined;
}

function endOf(todo: ICAL.Component, start: string | null): string | null {
  const end = isoOf(todo.getFirstProperty('dtend'));
  if (end) return end;
  const duration = todo.getFirstPropertyValue('duration');
  if (start && duration instanceof ICAL.Duration) {
    return new Date(Date.parse(start) + duration.toSeconds() * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  return null;
}

function relatedUids(todo: ICAL.Component, reltype: 'PARENT' | 'CHILD'): string[] {
  return todo
    .getAllProperties('related-to')
    .filter((p) => String(p.getFirstParameter('reltype') || 'PARENT').toUpperCase() === reltype)
    .map((p) => String(p.getFirstValue() ?? '').trim())
    .filter((uid) => uid !== '');
}

/** The first VTODO of an iCalendar text; InvalidCalendarError when it is not one. */
export function readVtodo(text: string): VtodoFields {
  let todo: ICAL.Component | null;
  try {
    todo = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vtodo');
  } catch (error) {
    throw new InvalidCalendarError(`Not an iCalendar object: ${(error as Error).message}`);
  }
  if (!todo) throw new InvalidCalendarError('The calendar object holds no VTODO.');
  const start = isoOf(todo.getFirstProperty('dtstart'));
  const due = isoOf(todo.getFirstProperty('due'));
  const status = String(todo.getFirstPropertyValue('status') ?? '').toUpperCase();
  const percent = todo.getFirstPropertyValue('percent-complete');
  const hasAlarms = todo.getAllSubcomponents('valarm').length > 0;
  const fields = {
    uid: (todo.getFirstPropertyValue('uid') as string | null) || null,
    title: String(todo.getFirstPropertyValue('summary') ?? '').trim(),
    description: String(todo.getFirstPropertyValue('description') ?? ''),
    done: status === 'COMPLETED' || todo.hasProperty('completed'),
    due_date: due,
    start_date: start,
    end_date: endOf(todo, start),
    priority: priorityIn(Number(todo.getFirstPropertyValue('priority') ?? 0)),
    ...(typeof percent === 'number' ? { percent_done: Math.min(100, Math.max(0, percent)) / 100 } : {}),
    ...(todo.hasProperty('rrule') ? { repeat: readRepeat(todo) } : {}),
    categories: readCategories(todo),
    ...(hasAlarms ? { reminders: readReminders(todo, start !== null, due !== null) } : {}),
    parents: relatedUids(todo, 'PARENT'),
    children: relatedUids(todo, 'CHILD'),
  };
  checkLengths(fields);
  return fields;
}

/** The API's field limits hold for CalDAV clients too (a UID is stored like a title). */
function checkLengths(fields: VtodoFields): void {
  const texts: [string, string, number][] = [
    ['UID', fields.uid ?? '', FIELD_LIMITS.title],
    ['SUMMARY', fields.title, FIELD_LIMITS.title],
    ['DESCRIPTION', fields.description, FIELD_LIMITS.description],
    ...(fields.categories ?? []).map((c): [string, string, number] => ['CATEGORIES', c, FIELD_LIMITS.title]),
  ];
  for (const [name, text, limit] of texts) {
    if (runeLength(text) > limit)
      throw new InvalidCalendarError(`${name} is longer than ${limit} characters.`);
  }
}
