/**
 * A task as an iCalendar VTODO (reference §2.18 mapping), written with ical.js. The text depends
 * only on the task, so its hash is a stable ETag: DTSTAMP is the task's last change, not now.
 */
import { isUnsetDate, rruleOfRepeat } from '@ordo/core';
import ICAL from 'ical.js';
import { htmlToText } from './description-text.js';
import { END_DATE } from './vtodo-input.js';

const PRODID = '-//Ordo//Ordo CalDAV//EN';

/** What a VTODO shows of a task: the API task shape's fields (dates in the API format). */
export interface VtodoTask {
  uid: string;
  title: string;
  description: string;
  done: boolean;
  done_at: string;
  due_date: string;
  start_date: string;
  end_date: string;
  priority: number;
  percent_done: number;
  repeat_after: number;
  repeat_mode: number;
  /** Six hex digits without `#`, or '' for none. */
  hex_color?: string;
  /** A client's RRULE, written as it came; '' for Ordo's own repeat. */
  repeat_rule?: string;
  created: string;
  updated: string;
  labels: readonly { title: string }[] | null;
  reminders: readonly { reminder: string; relative_period: number; relative_to: string }[] | null;
  /** Uids of the task's parent tasks and subtasks. */
  parents?: readonly string[];
  children?: readonly string[];
  /** SEQUENCE: the VTODO's revisions (tasks.caldav_sequence); left out at 0, which it then is. */
  sequence?: number;
}

/** Ordo's 1 (low) … 5 (do now) to iCalendar's 9 (low) … 1 (high); 0 stays undefined. */
const PRIORITY_OUT: Record<number, number> = { 1: 9, 2: 5, 3: 3, 4: 2, 5: 1 };

function utc(iso: string): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(iso), true);
}

function setDate(todo: ICAL.Component, name: string, iso: string): void {
  if (!isUnsetDate(iso)) todo.addPropertyWithValue(name, utc(iso));
}

function addAlarms(todo: ICAL.Component, task: VtodoTask): void {
  for (const reminder of task.reminders ?? []) {
    const alarm = new ICAL.Component('valarm');
    if (reminder.relative_to === 'due_date' || reminder.relative_to === 'start_date') {
      const trigger = alarm.addPropertyWithValue(
        'trigger',
        ICAL.Duration.fromSeconds(reminder.relative_period),
      );
      // A VTODO's END is its DUE (RFC 5545 §3.8.6.3).
      trigger.setParameter('related', reminder.relative_to === 'due_date' ? 'END' : 'START');
    } else {
      // Absolute, and reminders relative to the end date (no VTODO property holds it) as the
      // moment they resolve to.
      if (isUnsetDate(reminder.reminder)) continue;
      // ical.js marks the trigger VALUE=DATE-TIME itself (a duration is the default type).
      alarm.addPropertyWithValue('trigger', utc(reminder.reminder));
    }
    alarm.addPropertyWithValue('action', 'DISPLAY');
    alarm.addPropertyWithValue('description', task.title);
    todo.addSubcomponent(alarm);
  }
}

export function vtodo(task: VtodoTask): ICAL.Component {
  const todo = new ICAL.Component('vtodo');
  todo.addPropertyWithValue('uid', task.uid);
  todo.addPropertyWithValue('dtstamp', utc(task.updated));
  todo.addPropertyWithValue('created', utc(task.created));
  todo.addPropertyWithValue('last-modified', utc(task.updated));
  if (task.sequence) todo.addPropertyWithValue('sequence', task.sequence);
  todo.addPropertyWithValue('summary', task.title);
  const description = htmlToText(task.description);
  if (description) todo.addPropertyWithValue('description', description);
  setDate(todo, 'dtstart', task.start_date);
  setDate(todo, 'due', task.due_date);
  if (!isUnsetDate(task.end_date)) {
    // A VTODO has no DTEND, and DUE and DURATION exclude each other (RFC 5545 §3.6.2): DURATION
    // carries the end of a task with a start and no due date, Ordo's own property any other's.
    const seconds = (Date.parse(task.end_date) - Date.parse(task.start_date)) / 1000;
    if (!isUnsetDate(task.start_date) && isUnsetDate(task.due_date) && seconds >= 0)
      todo.addPropertyWithValue('duration', ICAL.Duration.fromSeconds(seconds));
    else {
      const end = new ICAL.Property(END_DATE);
      end.resetType('date-time');
      end.setValue(utc(task.end_date));
      todo.addProperty(end);
    }
  }
  const priority = PRIORITY_OUT[task.priority];
  if (priority) todo.addPropertyWithValue('priority', priority);
  if (task.percent_done > 0)
    todo.addPropertyWithValue('percent-complete', Math.round(task.percent_done * 100));
  todo.addPropertyWithValue('status', task.done ? 'COMPLETED' : 'NEEDS-ACTION');
  if (task.done) setDate(todo, 'completed', task.done_at);
  const labels = (task.labels ?? []).map((l) => l.title);
  if (labels.length > 0) todo.addPropertyWithValue('categories', labels[0]).setValues(labels);
  if (task.hex_color) todo.addPropertyWithValue('color', `#${task.hex_color}`);
  const rule = task.repeat_rule || rruleOfRepeat(task.repeat_after, task.repeat_mode);
  // Parsed as a line, the rule keeps the order of its parts.
  if (rule) todo.addProperty(new ICAL.Property(ICAL.parse.property(`RRULE:${rule}`)));
  for (const [reltype, uids] of [
    ['PARENT', task.parents ?? []],
    ['CHILD', task.children ?? []],
  ] as const) {
    for (const uid of uids) todo.addPropertyWithValue('related-to', uid).setParameter('reltype', reltype);
  }
  addAlarms(todo, task);
  return todo;
}

function calendar(todos: ICAL.Component[]): string {
  const cal = new ICAL.Component('vcalendar');
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('prodid', PRODID);
  for (const todo of todos) cal.addSubcomponent(todo);
  return `${cal.toString()}\r\n`;
}

/** One task as a calendar object resource (a VCALENDAR holding its VTODO). */
export function taskToICalendar(task: VtodoTask): string {
  return calendar([vtodo(task)]);
}

/** Calendar objects in one VCALENDAR (a GET on a calendar collection). */
export function joinCalendars(objects: readonly string[]): string {
  return calendar(
    objects.flatMap((text) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vtodo')),
  );
}
