/**
 * CalDAV driven by a real client library (tsdav) over HTTP, as a calendar app syncs: discovery,
 * calendars, fetching todos, creating, updating and deleting one (reference §2.18, §5.20).
 */
import type { AddressInfo } from 'node:net';
import { type DAVCalendar, DAVClient } from 'tsdav';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let base: string;
let token: string;
let projectId: number;
let client: DAVClient;

const VTODO_ONLY = [
  {
    'comp-filter': { _attributes: { name: 'VCALENDAR' }, 'comp-filter': { _attributes: { name: 'VTODO' } } },
  },
];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ token } = await t.signUp('cara'));
  const created = await t.request('PUT', '/api/v1/projects', {
    token,
    body: { title: 'Errands', hex_color: '1973ff' },
  });
  projectId = created.json().id;
  const task = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
    token,
    body: {
      title: 'Buy milk',
      description: '<p>Two litres</p><p>Organic</p>',
      due_date: '2030-03-01T15:00:00Z',
      priority: 4,
      reminders: [{ relative_to: 'due_date', relative_period: -3600 }],
    },
  });
  expect(task.statusCode, task.body).toBe(201);
  const label = await t.request('PUT', '/api/v1/labels', { token, body: { title: 'Shop' } });
  await t.request('PUT', `/api/v1/tasks/${task.json().id}/labels`, {
    token,
    body: { label_id: label.json().id },
  });

  const caldav = await t.request('PUT', '/api/v1/user/settings/token/caldav', { token });
  client = new DAVClient({
    serverUrl: base,
    credentials: { username: 'cara', password: caldav.json().token },
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
  });
  await client.login();
});
afterAll(async () => t.close());

async function errands(): Promise<DAVCalendar> {
  const calendars = await client.fetchCalendars();
  const calendar = calendars.find((c) => c.displayName === 'Errands');
  if (!calendar)
    throw new Error(`no Errands calendar among ${calendars.map((c) => c.displayName).join(', ')}`);
  return calendar;
}

describe('a CalDAV client', () => {
  it('discovers the principal and the calendar home through /.well-known/caldav', () => {
    expect(client.account?.rootUrl).toBe(`${base}/dav/`);
    expect(client.account?.principalUrl).toBe(`${base}/dav/principals/cara/`);
    expect(client.account?.homeUrl).toBe(`${base}/dav/projects/`);
  });

  it('lists every project as a VTODO calendar with a ctag', async () => {
    const calendars = await client.fetchCalendars();
    expect(calendars.map((c) => c.displayName).sort()).toEqual(['Errands', 'Inbox']);
    const calendar = await errands();
    expect(calendar.url).toBe(`${base}/dav/projects/${projectId}/`);
    expect(calendar.components).toEqual(['VTODO']);
    // The ctag is the collection's sync token (RFC 6578).
    expect(calendar.ctag).toMatch(/^urn:ordo:caldav-sync:\d+:\d+$/);
  });

  it('fetches the todos as iCalendar with the task’s fields', async () => {
    const objects = await client.fetchCalendarObjects({ calendar: await errands(), filters: VTODO_ONLY });
    expect(objects).toHaveLength(1);
    const [milk] = objects;
    expect(milk?.etag).toMatch(/^"/);
    const data = String(milk?.data);
    expect(data).toContain('BEGIN:VTODO');
    expect(data).toContain('SUMMARY:Buy milk');
    expect(data).toContain('DESCRIPTION:Two litres\\nOrganic');
    expect(data).toContain('DUE:20300301T150000Z');
    expect(data).toContain('PRIORITY:2');
    expect(data).toContain('CATEGORIES:Shop');
    expect(data).toContain('TRIGGER;RELATED=END:-PT1H');
    expect(data).toContain('STATUS:NEEDS-ACTION');
  });

  it('finds nothing with a query for events only', async () => {
    const objects = await client.fetchCalendarObjects({ calendar: await errands() });
    expect(objects).toHaveLength(0);
  });

  it('creates, updates and deletes a todo, and the ctag follows each change', async () => {
    const calendar = await errands();
    const ctagBefore = calendar.ctag;
    const sentText = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//tsdav//EN',
      'BEGIN:VTODO',
      'UID:walk-dog-1',
      'DTSTAMP:20300101T000000Z',
      'SUMMARY:Walk the dog',
      'DESCRIPTION:Around the park',
      'DTSTART:20300301T080000Z',
      'DURATION:PT1H',
      'DUE:20300301T100000Z',
      'PRIORITY:1',
      'CATEGORIES:Pets,Outside',
      'BEGIN:VALARM',
      'TRIGGER;VALUE=DATE-TIME:20300301T073000Z',
      'ACTION:DISPLAY',
      'DESCRIPTION:Walk the dog',
      'END:VALARM',
      'END:VTODO',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const created = await client.createCalendarObject({
      calendar,
      filename: 'walk-dog-1.ics',
      iCalString: sentText,
    });
    expect(created.status).toBe(201);
    const etag = created.headers.get('etag');
    expect(etag).toMatch(/^"/);

    // Seen through the JSON API as an ordinary task.
    const tasks = await t.request('GET', `/api/v1/projects/${projectId}/tasks`, { token });
    const walk = tasks.json().find((task: { title: string }) => task.title === 'Walk the dog');
    expect(walk).toMatchObject({
      description: '<p>Around the park</p>',
      start_date: '2030-03-01T08:00:00Z',
      end_date: '2030-03-01T09:00:00Z',
      due_date: '2030-03-01T10:00:00Z',
      priority: 5,
      done: false,
      reminders: [{ reminder: '2030-03-01T07:30:00Z', relative_period: 0, relative_to: '' }],
    });
    expect(walk.labels.map((l: { title: string }) => l.title).sort()).toEqual(['Outside', 'Pets']);
    expect((await errands()).ctag).not.toBe(ctagBefore);

    const [object] = await client.fetchCalendarObjects({
      calendar,
      objectUrls: [`${calendar.url}walk-dog-1.ics`],
    });
    expect(object?.etag).toBe(etag);
    // What the client sent comes back as sent, so the ETag of its PUT was strong.
    expect(String(object?.data).trim()).toBe(sentText.trim());
    const updated = await client.updateCalendarObject({
      calendarObject: {
        url: `${calendar.url}walk-dog-1.ics`,
        etag: etag ?? '',
        data: String(object?.data).replace(
          'SUMMARY:Walk the dog',
          'SUMMARY:Walk the dog twice\r\nSTATUS:COMPLETED',
        ),
      },
    });
    expect(updated.status).toBe(204);
    const after = await t.request('GET', `/api/v1/tasks/${walk.id}`, { token });
    expect(after.json()).toMatchObject({
      title: 'Walk the dog twice',
      done: true,
      description: '<p>Around the park</p>',
    });
    expect(after.json().labels).toHaveLength(2);

    // An update against an old etag is refused: someone else changed the task meanwhile.
    const stale = await client.updateCalendarObject({
      calendarObject: { url: `${calendar.url}walk-dog-1.ics`, etag: etag ?? '', data: String(object?.data) },
    });
    expect(stale.status).toBe(412);

    const [fresh] = await client.fetchCalendarObjects({
      calendar,
      objectUrls: [`${calendar.url}walk-dog-1.ics`],
    });
    const deleted = await client.deleteCalendarObject({
      calendarObject: { url: `${calendar.url}walk-dog-1.ics`, etag: fresh?.etag ?? '' },
    });
    expect(deleted.status).toBe(204);
    expect((await t.request('GET', `/api/v1/tasks/${walk.id}`, { token })).statusCode).toBe(404);
  });
});
