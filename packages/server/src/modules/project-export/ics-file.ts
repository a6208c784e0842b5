/**
 * A project's tasks as one iCalendar file: a VCALENDAR named after the project holding every
 * task's VTODO as CalDAV serves it (taskToICalendar), with what that calendar object carries
 * besides the VTODO (a VTIMEZONE, say) once per file.
 */
import ICAL from 'ical.js';

const PRODID = '-//Ordo//Ordo project export//EN';

/** The VCALENDAR's start with its properties; the tasks follow, then ICS_TAIL. */
export function icsHead(projectTitle: string): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', PRODID);
  // The name calendar apps show for an imported file.
  calendar.addPropertyWithValue('x-wr-calname', projectTitle);
  return `${calendar.toString().replace(/END:VCALENDAR$/, '')}`;
}

export const ICS_TAIL = 'END:VCALENDAR\r\n';

/**
 * The components of one task's calendar object, as text to put inside the export's VCALENDAR;
 * a time zone already written (by TZID in `zonesWritten`) is left out.
 */
export function icsComponents(calendarObject: string, zonesWritten: Set<string>): string {
  const calendar = new ICAL.Component(ICAL.parse(calendarObject));
  let out = '';
  for (const component of calendar.getAllSubcomponents()) {
    if (component.name === 'vtimezone') {
      const tzid = String(component.getFirstPropertyValue('tzid') ?? '');
      if (zonesWritten.has(tzid)) continue;
      zonesWritten.add(tzid);
    }
    out += `${component.toString()}\r\n`;
  }
  return out;
}
