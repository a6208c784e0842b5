/**
 * A task a CalDAV client wrote, as the client wrote it. The calendar object it last PUT is kept
 * whole; reading it back gives that text unchanged while the task still says what the text says,
 * so properties Ordo has no field for (X- properties, alarms it cannot show, GEO, URL, …), a full
 * RRULE, all-day and floating times come back as sent. Where the task was changed in Ordo since,
 * Ordo wins: each changed field's properties are replaced by Ordo's, dates keep the client's form
 * (all-day stays a DATE, floating stays floating) where the new value allows, and DTSTAMP and
 * LAST-MODIFIED move to the change. SEQUENCE is the task's count of revisions once that is above
 * the client's (each change in Ordo raises it), and in any case above the client's where Ordo
 * changed the task: clients that keep the version with the higher SEQUENCE (Apple's Reminders,
 * Evolution) then take each of Ordo's changes over the one they last sent.
 */
import { isRepeating, isUnsetDate, type RepeatMode, wallTimeAt } from '@ordo/core';
import ICAL from 'ical.js';
import { htmlToText, plainText } from './description-text.js';
import {
  END_DATE,
  parseCalendar,
  readAlarm,
  readVtodo,
  type VtodoFields,
  type VtodoReminder,
  type Zones,
  zonesOf,
} from './vtodo-input.js';
import { taskToICalendar, type VtodoTask, vtodo } from './vtodo-output.js';

/** What a client last PUT, and the zone its floating and all-day times were read in. */
export interface ClientObject {
  ics: string;
  timeZone: string;
  /**
   * Is there a task of this UID the reader can see? RELATED-TO naming one that is not (not synced
   * yet, or out of reach) is no relation in Ordo and is kept as the client wrote it.
   */
  known?: (uid: string) => boolean;
}

/** The UIDs an object's RELATED-TO properties name, read from its text without parsing it. */
export function relatedUidsIn(ics: string): string[] {
  return [...ics.replace(/\r?\n[ \t]/g, '').matchAll(/^RELATED-TO[^:\r\n]*:([^\r\n]*)$/gim)].map((m) =>
    (m[1] as string).trim(),
  );
}

const instant = (iso: string | null | undefined) => (iso && !isUnsetDate(iso) ? Date.parse(iso) : null);

const sameSet = (a: readonly string[], b: readonly string[]) =>
  JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/**
 * A category names the label of its title in any case (CaldavService.setLabels), so `WORK` still
 * names the label Work and the client keeps its spelling.
 */
const sameLabels = (a: readonly string[], b: readonly string[]) => {
  const names = (titles: readonly string[]) => [...new Set(titles.map((t) => t.toLowerCase()))];
  return sameSet(names(a), names(b));
};

/** What makes a reminder the one it is: Ordo keeps a task's reminders as a set of these. */
const reminderKey = (r: VtodoReminder) =>
  r.relative_to ? `${r.relative_to} ${r.relative_period ?? 0}` : `at ${instant(r.reminder)}`;

/** Two alarms at the same moment (a popup and an e-mail) are one reminder in Ordo. */
const sameReminders = (a: readonly VtodoReminder[], b: readonly VtodoReminder[]) =>
  sameSet([...new Set(a.map(reminderKey))], [...new Set(b.map(reminderKey))]);

/** The reminder key of each of a VTODO's alarms (null: one Ordo cannot hold). */
function alarmKeys(todo: ICAL.Component, zones: Zones): [ICAL.Component, string | null][] {
  const hasStart = todo.hasProperty('dtstart');
  const hasDue = todo.hasProperty('due');
  return todo.getAllSubcomponents('valarm').map((alarm) => {
    const reminder = readAlarm(alarm, zones, hasStart, hasDue);
    return [alarm, reminder ? reminderKey(reminder) : null];
  });
}

/**
 * The client's alarms where Ordo's reminders changed: an alarm whose reminder Ordo still has stays
 * as the client wrote it (its action, sound, acknowledgement, X- properties), one whose reminder
 * went is removed, and a reminder the client has no alarm for is added as Ordo writes it. Alarms
 * Ordo cannot hold (relative to a date the task has not) are the client's and stay.
 */
function mergeAlarms(todo: ICAL.Component, ours: ICAL.Component, zones: Zones): void {
  const wanted = new Map(alarmKeys(ours, zones).flatMap(([alarm, key]) => (key ? [[key, alarm]] : [])));
  const present = new Set<string>();
  for (const [alarm, key] of alarmKeys(todo, zones)) {
    if (key === null) continue;
    if (wanted.has(key)) present.add(key);
    else todo.removeSubcomponent(alarm);
  }
  for (const [key, alarm] of wanted) if (!present.has(key)) todo.addSubcomponent(alarm);
}

/** Which of the task's fields still say what the client sent, by the properties that carry them. */
function unchanged(
  sent: VtodoFields,
  task: VtodoTask,
  known: (uid: string) => boolean,
): [names: string[], same: boolean][] {
  const repeating = isRepeating({
    repeatAfter: task.repeat_after,
    repeatMode: task.repeat_mode as RepeatMode,
  });
  const startSame = instant(sent.start_date) === instant(task.start_date);
  const dueSame = instant(sent.due_date) === instant(task.due_date);
  // A DURATION counts from DTSTART and may not stand beside DUE: where Ordo changed either, the
  // client's DURATION would move the end, lose it or make the object invalid, so the end is
  // written as Ordo writes it for the new dates (vtodo-output.ts).
  const endSame =
    instant(sent.end_date) === instant(task.end_date) && (!sent.endIsDuration || (startSame && dueSame));
  return [
    [['summary'], sent.title === task.title],
    [['description'], plainText(sent.description) === htmlToText(task.description)],
    [['dtstart'], startSame],
    [['due'], dueSame],
    [['dtend', 'duration', END_DATE], endSame],
    [['status', 'completed'], sent.done === task.done],
    [['priority'], sent.priority === task.priority],
    // A colour name Ordo cannot read stays the app's until a colour is set in Ordo.
    [['color'], (sent.color ?? '') === (task.hex_color ?? '')],
    [
      ['percent-complete'],
      Math.round((sent.percent_done ?? 0) * 100) === Math.round(task.percent_done * 100),
    ],
    [
      ['categories'],
      sameLabels(
        sent.categories ?? [],
        (task.labels ?? []).map((l) => l.title),
      ),
    ],
    [['rrule'], sent.rrule === undefined ? !repeating : sent.rrule === task.repeat_rule],
    [
      ['related-to'],
      sameSet(sent.parents.filter(known), task.parents ?? []) &&
        sameSet(sent.children.filter(known), task.children ?? []),
    ],
  ];
}

/** A date property with Ordo's new value in the form the client used for it. */
function inClientForm(ours: ICAL.Property, sent: ICAL.Property | null, zone: string): ICAL.Property {
  const was = sent?.getFirstValue();
  const now = ours.getFirstValue();
  if (!(was instanceof ICAL.Time) || !(now instanceof ICAL.Time)) return ours;
  const floating = !was.isDate && was.zone?.tzid === 'floating' && !sent?.getFirstParameter('tzid');
  if (!was.isDate && !floating) return ours;
  const wall = wallTimeAt(now.toUnixTime() * 1000, zone);
  const midnight = wall.hour === 0 && wall.minute === 0 && wall.second === 0;
  if (was.isDate && !midnight) return ours;
  const value = ICAL.Time.fromData({
    year: wall.year,
    month: wall.month,
    day: wall.day,
    ...(was.isDate ? { isDate: true } : { hour: wall.hour, minute: wall.minute, second: wall.second }),
  });
  const property = new ICAL.Property(ours.name);
  property.setValue(value);
  return property;
}

function replace(
  todo: ICAL.Component,
  ours: ICAL.Component,
  name: string,
  zone: string,
  known: (uid: string) => boolean,
): void {
  const sent = todo.getFirstProperty(name);
  // Relations Ordo does not hold (siblings, tasks it does not know) stay as the client wrote them.
  const kept =
    name === 'related-to'
      ? todo.getAllProperties(name).filter((p) => {
          const type = String(p.getFirstParameter('reltype') || 'PARENT').toUpperCase();
          return (type !== 'PARENT' && type !== 'CHILD') || !known(String(p.getFirstValue() ?? '').trim());
        })
      : [];
  todo.removeAllProperties(name);
  for (const property of ours.getAllProperties(name)) {
    todo.addProperty(name === 'dtstart' || name === 'due' ? inClientForm(property, sent, zone) : property);
  }
  for (const property of kept) todo.addProperty(property);
}

/** The task as a calendar object: the client's text, with what changed in Ordo since replaced. */
export function mergeClientObject(client: ClientObject, task: VtodoTask): string {
  let sent: VtodoFields;
  try {
    sent = readVtodo(client.ics, client.timeZone);
  } catch {
    return taskToICalendar(task);
  }
  const known = client.known ?? (() => true);
  const groups = unchanged(sent, task, known);
  const alarmsSame = sameReminders(sent.reminders ?? [], task.reminders ?? []);
  const same = sent.uid === task.uid && alarmsSame && groups.every(([, kept]) => kept);
  const revisions = task.sequence ?? 0;
  if (same && revisions <= sent.sequence) return client.ics;

  const { calendar: cal, todo } = parseCalendar(client.ics);
  if (!same) {
    const ours = vtodo(task);
    todo.updatePropertyWithValue('uid', task.uid);
    for (const [names, kept] of groups) {
      if (!kept) for (const name of names) replace(todo, ours, name, client.timeZone, known);
    }
    if (!alarmsSame) mergeAlarms(todo, ours, zonesOf(cal, client.timeZone));
    for (const name of ['dtstamp', 'last-modified']) replace(todo, ours, name, client.timeZone, known);
  }
  // A change in Ordo the count does not show (made before counts were kept) is still above the client's.
  todo.updatePropertyWithValue('sequence', same ? revisions : Math.max(revisions, sent.sequence + 1));
  return `${cal.toString()}\r\n`;
}
