/**
 * calendar-query time ranges over repeating tasks (RFC 4791 §9.9): a repeating VTODO is in a
 * range when any of its instances is, whether it repeats by Ordo's own settings or by a client's
 * RRULE (COUNT, UNTIL, INTERVAL, BYDAY, EXDATE, a RECURRENCE-ID override) or by dates it lists
 * (RDATE) alone, and however long ago its first instance was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let token: string;
let auth: string;
let projectId: number;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signUp('repeater'));
  auth = `Basic ${Buffer.from('repeater:tidy-otter-42').toString('base64')}`;
  projectId = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Chores' } })).json().id;
  base = `/dav/projects/${projectId}/`;
});
afterAll(async () => t.close());

const BERLIN = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function calendar(...todos: string[][]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...BERLIN];
  for (const todo of todos) lines.push('BEGIN:VTODO', ...todo, 'END:VTODO');
  return [...lines, 'END:VCALENDAR', ''].join('\r\n');
}

async function put(name: string, ...todos: string[][]) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${base}${name}.ics`,
    headers: { authorization: auth, 'content-type': 'text/calendar' },
    payload: calendar(...todos),
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The titles (SUMMARY) of the tasks a VTODO time-range query answers, sorted. */
async function inRange(start: string, end: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'REPORT',
    url: base,
    headers: { authorization: auth, 'content-type': 'application/xml', depth: '1' },
    payload: `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"><c:time-range start="${start}" end="${end}"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`,
  });
  expect(res.statusCode, res.body).toBe(207);
  const summaries = res.body
    .split('<d:response>')
    .flatMap((r) => /^SUMMARY:(.*)$/m.exec(r)?.[1]?.trim() ?? []);
  return [...new Set(summaries)].sort();
}

describe('a time-range query finds a repeating task by any of its instances', () => {
  beforeAll(async () => {
    // Made in Ordo: weekly from early 2025, and monthly from January 2026.
    const weekly = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
      token,
      body: { title: 'Water plants', due_date: '2025-01-06T09:00:00Z', repeat_after: 604_800 },
    });
    expect(weekly.statusCode, weekly.body).toBe(201);
    const monthly = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
      token,
      body: { title: 'Pay rent', due_date: '2026-01-28T10:00:00Z', repeat_mode: 1 },
    });
    expect(monthly.statusCode, monthly.body).toBe(201);
    // From a client: Mondays and Thursdays at 9:00 in Berlin, six times from 2 March 2026.
    await put('twice-weekly', [
      'UID:twice-weekly',
      'SUMMARY:Gym',
      'DTSTART;TZID=Europe/Berlin:20260302T090000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TH;COUNT=6',
    ]);
    // Every other day until 10 March, its 5 March instance cancelled.
    await put('every-other-day', [
      'UID:every-other-day',
      'SUMMARY:Stretch',
      'DTSTART:20260301T070000Z',
      'DUE:20260301T080000Z',
      'RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20260310T070000Z',
      'EXDATE:20260305T070000Z',
    ]);
    // Due on the first of each quarter, without a DTSTART; its July instance moved to August.
    await put(
      'quarterly',
      ['UID:quarterly', 'SUMMARY:Report', 'DUE:20250101T120000Z', 'RRULE:FREQ=MONTHLY;INTERVAL=3'],
      ['UID:quarterly', 'SUMMARY:Report', 'RECURRENCE-ID:20260701T120000Z', 'DUE:20260805T120000Z'],
    );
    // No rule, only dates of its own (RDATE, one in Berlin time, one long after the task was
    // made), the September one cancelled.
    await put('listed-dates', [
      'UID:listed-dates',
      'SUMMARY:Service the boiler',
      'DUE:20260115T090000Z',
      'RDATE:20260520T090000Z,20260909T090000Z,20400605T090000Z',
      'RDATE;TZID=Europe/Berlin:20261104T100000',
      'EXDATE:20260909T090000Z',
    ]);
    // A dense rule from long ago: every minute at :00 and :30 seconds since 2000.
    await put('dense', [
      'UID:dense',
      'SUMMARY:Breathe',
      'DTSTART:20000101T000000Z',
      'RRULE:FREQ=MINUTELY;BYSECOND=0,30',
    ]);
  });

  it('Ordo’s own weekly and monthly repeats reach ranges long after their first due date', async () => {
    expect(await inRange('20260615T000000Z', '20260622T000000Z')).toEqual(['Breathe', 'Water plants']);
    expect(await inRange('20260627T000000Z', '20260629T000000Z')).toEqual(['Breathe', 'Pay rent']);
    // Before either was first due, only the rule from 2000 has instances.
    expect(await inRange('20241201T000000Z', '20241231T000000Z')).toEqual(['Breathe']);
  });

  it('a client’s rule counts its BYDAY instances in its own time zone and ends at COUNT', async () => {
    // 2 Mar (Mon), 5 Mar (Thu), 9, 12, 16 and 19 March, at 8:00 UTC.
    const found = await inRange('20260316T075900Z', '20260316T080100Z');
    expect(found).toContain('Gym');
    expect(await inRange('20260317T000000Z', '20260318T000000Z')).not.toContain('Gym');
    // The seventh would be Monday 23 March: COUNT=6 ends before it.
    expect(await inRange('20260323T000000Z', '20260324T000000Z')).not.toContain('Gym');
  });

  it('INTERVAL and UNTIL place the instances, EXDATE takes one away', async () => {
    // 1, 3, 5 (cancelled), 7 and 9 March, each 7:00–8:00 UTC.
    expect(await inRange('20260307T073000Z', '20260307T074500Z')).toContain('Stretch');
    expect(await inRange('20260305T000000Z', '20260306T000000Z')).not.toContain('Stretch');
    expect(await inRange('20260306T000000Z', '20260307T000000Z')).not.toContain('Stretch');
    expect(await inRange('20260311T000000Z', '20260312T000000Z')).not.toContain('Stretch');
  });

  it('a task without DTSTART repeats from its DUE; an instance moved by RECURRENCE-ID is found where it went', async () => {
    expect(await inRange('20260401T000000Z', '20260402T000000Z')).toContain('Report');
    expect(await inRange('20260630T000000Z', '20260702T000000Z')).not.toContain('Report');
    expect(await inRange('20260805T000000Z', '20260806T000000Z')).toContain('Report');
  });

  it('a task that repeats only on dates it lists is found on each of them, and not between', async () => {
    expect(await inRange('20260115T000000Z', '20260116T000000Z')).toContain('Service the boiler');
    expect(await inRange('20260520T000000Z', '20260521T000000Z')).toContain('Service the boiler');
    expect(await inRange('20260521T000000Z', '20260522T000000Z')).not.toContain('Service the boiler');
    // 10:00 in Berlin is 9:00 UTC in November.
    expect(await inRange('20261104T085900Z', '20261104T090100Z')).toContain('Service the boiler');
    expect(await inRange('20261104T093000Z', '20261104T100000Z')).not.toContain('Service the boiler');
    // EXDATE takes the September date away.
    expect(await inRange('20260909T000000Z', '20260910T000000Z')).not.toContain('Service the boiler');
    expect(await inRange('20261201T000000Z', '20261231T000000Z')).not.toContain('Service the boiler');
    // A range after every date the task has of its own (due, creation) but one it lists.
    expect(await inRange('20400605T000000Z', '20400606T000000Z')).toContain('Service the boiler');
    expect(await inRange('20400606T000000Z', '20400607T000000Z')).not.toContain('Service the boiler');
  });

  it('a task whose client takes its listed dates away is no longer found on them', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${base}listed-dates-once.ics`,
      headers: { authorization: auth, 'content-type': 'text/calendar' },
      payload: calendar([
        'UID:listed-dates-once',
        'SUMMARY:Sweep the chimney',
        'DUE:20260115T090000Z',
        'RDATE:20400605T090000Z',
      ]),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await inRange('20400605T000000Z', '20400606T000000Z')).toContain('Sweep the chimney');
    const again = await t.app.inject({
      method: 'PUT',
      url: `${base}listed-dates-once.ics`,
      headers: { authorization: auth, 'content-type': 'text/calendar' },
      payload: calendar(['UID:listed-dates-once', 'SUMMARY:Sweep the chimney', 'DUE:20260115T090000Z']),
    });
    expect(again.statusCode, again.body).toBe(204);
    expect(await inRange('20400605T000000Z', '20400606T000000Z')).not.toContain('Sweep the chimney');
  });

  it('a rule too dense to walk to the range still answers, and soon', async () => {
    const started = Date.now();
    expect(await inRange('20260101T000025Z', '20260101T000035Z')).toEqual(['Breathe']);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
