/**
 * A client's VTODO read and served back field by field: what it says is what the task says (STATUS
 * before a leftover COMPLETED), what nobody changed comes back as the client wrote it (blank lines,
 * a category's spelling), and where Ordo changed a field the object stays whole and valid (an end
 * stated as DURATION is not left without the start it counts from, nor beside a DUE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskIdOfUid } from './support/caldav/task-of-uid.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let token: string;
let base: string;
const auth = `Basic ${Buffer.from('fidel:tidy-otter-42').toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signUp('fidel'));
  const project = await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Chores' } });
  base = `/dav/projects/${project.json().id}/`;
});
afterAll(async () => t.close());

const vtodo = (uid: string, ...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Client//EN', 'BEGIN:VTODO', `UID:${uid}`]
    .concat('DTSTAMP:20300101T000000Z', lines, 'END:VTODO', 'END:VCALENDAR', '')
    .join('\r\n');

function dav(method: 'GET' | 'PUT', uid: string, body?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url: `${base}${uid}.ics`,
    headers: { authorization: auth, ...(body ? { 'content-type': 'text/calendar' } : {}), ...headers },
    ...(body ? { payload: body } : {}),
  });
}

async function put(uid: string, body: string, status: 201 | 204, headers: Record<string, string> = {}) {
  const res = await dav('PUT', uid, body, headers);
  expect(res.statusCode, res.body).toBe(status);
}

const idOf = (uid: string) => taskIdOfUid(t, uid);

async function apiTask(uid: string) {
  const res = await t.request('GET', `/api/v1/tasks/${await idOf(uid)}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A full-replace update through the JSON API, as the web app sends it. */
async function editInOrdo(uid: string, changes: Record<string, unknown>) {
  const id = await idOf(uid);
  const res = await t.request('POST', `/api/v1/tasks/${id}`, {
    token,
    body: { ...(await apiTask(uid)), ...changes },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The served object, unfolded into its lines. */
async function served(uid: string): Promise<{ lines: string[]; etag: string; text: string }> {
  const res = await dav('GET', uid);
  expect(res.statusCode, res.body).toBe(200);
  const lines = res.body.replace(/\r\n[ \t]/g, '').split('\r\n');
  return { lines, etag: res.headers.etag as string, text: res.body };
}

const named = (lines: string[], name: string) => lines.filter((l) => new RegExp(`^${name}[;:]`).test(l));

describe('an end date a client states as DURATION', () => {
  const start = ['DTSTART:20300301T090000Z', 'DURATION:PT2H'];

  it('survives its start being cleared in Ordo and a client edit on top', async () => {
    await put('dur-start', vtodo('dur-start', 'SUMMARY:Paint the shed', ...start), 201);
    expect((await apiTask('dur-start')).end_date).toBe('2030-03-01T11:00:00Z');
    await editInOrdo('dur-start', { start_date: null });

    // The client renames it and sends back the rest as it was served.
    const { lines, etag } = await served('dur-start');
    const renamed = lines
      .map((l) => (l.startsWith('SUMMARY:') ? 'SUMMARY:Paint the shed green' : l))
      .join('\r\n');
    await put('dur-start', renamed, 204, { 'if-match': etag });
    expect(await apiTask('dur-start')).toMatchObject({
      title: 'Paint the shed green',
      end_date: '2030-03-01T11:00:00Z',
    });
    // It was served the end on its own, not as a DURATION from no start.
    expect(named(lines, 'DTSTART')).toEqual([]);
    expect(named(lines, 'DURATION')).toEqual([]);
    expect(named(lines, 'X-ORDO-END-DATE')).toEqual(['X-ORDO-END-DATE;VALUE=DATE-TIME:20300301T110000Z']);
  });

  it('is never served beside a DUE set in Ordo', async () => {
    await put('dur-due', vtodo('dur-due', 'SUMMARY:Mow the lawn', ...start), 201);
    await editInOrdo('dur-due', { due_date: '2030-03-02T09:00:00Z' });

    const { lines, etag, text } = await served('dur-due');
    expect(named(lines, 'DUE')).toEqual(['DUE:20300302T090000Z']);
    expect(named(lines, 'DURATION')).toEqual([]);
    expect(named(lines, 'X-ORDO-END-DATE')).toEqual(['X-ORDO-END-DATE;VALUE=DATE-TIME:20300301T110000Z']);
    await put('dur-due', text, 204, { 'if-match': etag });
    expect(await apiTask('dur-due')).toMatchObject({
      start_date: '2030-03-01T09:00:00Z',
      due_date: '2030-03-02T09:00:00Z',
      end_date: '2030-03-01T11:00:00Z',
    });
  });
});

describe('what nobody changed', () => {
  it('keeps a description’s blank lines as sent, without a new SEQUENCE', async () => {
    const sent = vtodo('blank-lines', 'SUMMARY:Notes', 'DESCRIPTION:a\\n\\n\\nb');
    await put('blank-lines', sent, 201);
    expect((await served('blank-lines')).text).toBe(sent);
  });

  it('keeps a category spelt otherwise than the label it names', async () => {
    const label = await t.request('PUT', '/api/v1/labels', { token, body: { title: 'Work' } });
    expect(label.statusCode, label.body).toBe(201);
    const sent = vtodo('shouting', 'SUMMARY:Report', 'CATEGORIES:WORK');
    await put('shouting', sent, 201);
    expect((await served('shouting')).text).toBe(sent);
    expect((await apiTask('shouting')).labels.map((l: { id: number }) => l.id)).toEqual([label.json().id]);
  });
});

describe('STATUS', () => {
  const leftover = 'COMPLETED:20250101T000000Z';

  it('decides whether a task is done, over a leftover COMPLETED', async () => {
    for (const [uid, status, done] of [
      ['reopened', 'NEEDS-ACTION', false],
      ['in-process', 'IN-PROCESS', false],
      ['cancelled', 'CANCELLED', false],
      ['completed', 'COMPLETED', true],
    ] as const) {
      const sent = vtodo(uid, 'SUMMARY:Status', `STATUS:${status}`, leftover);
      await put(uid, sent, 201);
      expect((await apiTask(uid)).done, status).toBe(done);
      expect((await served(uid)).text).toBe(sent);
    }
  });

  it('leaves COMPLETED to say so where there is none', async () => {
    await put('no-status', vtodo('no-status', 'SUMMARY:Status', leftover), 201);
    expect((await apiTask('no-status')).done).toBe(true);
  });
});

describe('an all-day task repeating every day, completed from the app', () => {
  it('stays all-day on the next day after now when the clocks change in between', async () => {
    const { settings } = (await t.request('GET', '/api/v1/user', { token })).json();
    const setZone = (timezone: string) =>
      t.request('POST', '/api/v1/user/settings/general', { token, body: { ...settings, timezone } });
    expect((await setZone('America/New_York')).statusCode).toBe(200);
    try {
      // 31 October 2026; New York's clocks go back on 1 November.
      const lines = ['SUMMARY:Water the plants', 'DUE;VALUE=DATE:20261031', 'RRULE:FREQ=DAILY'];
      await put('allday-repeat', vtodo('allday-repeat', ...lines), 201);
      const { etag } = await served('allday-repeat');
      await put('allday-repeat', vtodo('allday-repeat', ...lines, 'STATUS:COMPLETED'), 204, {
        'if-match': etag,
      });
      const [due] = named((await served('allday-repeat')).lines, 'DUE');
      const day = /^DUE;VALUE=DATE:(\d{4})(\d{2})(\d{2})$/.exec(due ?? '');
      expect(day, due).not.toBeNull();
      // The first day after today, in New York.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
      const next = new Date(`${today}T12:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      expect(`${day?.[1]}-${day?.[2]}-${day?.[3]}`).toBe(next.toISOString().slice(0, 10));
      expect((await apiTask('allday-repeat')).done).toBe(false);
    } finally {
      expect((await setZone(settings.timezone)).statusCode).toBe(200);
    }
  });
});
