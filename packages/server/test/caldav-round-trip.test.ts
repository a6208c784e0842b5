/**
 * CalDAV keeps what clients send (RFC 4791 §5.3): a task lives at the name its client chose with
 * the UID it gave, reads back byte for byte as sent until it is changed in Ordo, where Ordo's
 * change wins field by field; ETags and If-Match / If-None-Match; and bad input refused with the
 * precondition it fails, writing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskIdOfUid } from './support/caldav/task-of-uid.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let token: string;
let projectId: number;
const auth = `Basic ${Buffer.from('robin:tidy-otter-42').toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signUp('robin'));
  await t.app.ordo.db.kysely
    .updateTable('users')
    .set({ timezone: 'Europe/Berlin' })
    .where('username', '=', 'robin')
    .execute();
  projectId = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Home' } })).json().id;
});
afterAll(async () => t.close());

function dav(method: string, url: string, body?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      authorization: auth,
      ...(body !== undefined
        ? { 'content-type': url.endsWith('/') ? 'application/xml' : 'text/calendar' }
        : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

const calendarText = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Client//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const vtodo = (uid: string, ...lines: string[]) =>
  calendarText('BEGIN:VTODO', `UID:${uid}`, 'DTSTAMP:20300101T000000Z', ...lines, 'END:VTODO');

const home = () => `/dav/projects/${projectId}/`;

async function taskCount(): Promise<number> {
  const row = await t.app.ordo.db.kysely
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function apiTask(id: number) {
  return (await t.request('GET', `/api/v1/tasks/${id}`, { token })).json();
}

/** A full-replace update through the JSON API, as the web app sends it. */
async function editInOrdo(id: number, changes: Record<string, unknown>) {
  const res = await t.request('POST', `/api/v1/tasks/${id}`, {
    token,
    body: { ...(await apiTask(id)), ...changes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const hrefsIn = (xml: string) => [...xml.matchAll(/<d:href>([^<]*)<\/d:href>/g)].map((m) => m[1]);

describe('where a task lives', () => {
  it('keeps the name and the UID its client chose, in GET, PROPFIND and REPORT', async () => {
    const url = `${home()}client-abc.ics`;
    const put = await dav('PUT', url, vtodo('my-uid-1@example.org', 'SUMMARY:Water the plants'));
    expect(put.statusCode).toBe(201);
    const got = await dav('GET', url);
    expect(got.statusCode).toBe(200);
    expect(got.body).toContain('UID:my-uid-1@example.org');

    const listed = await dav('PROPFIND', home(), '', { depth: '1' });
    expect(hrefsIn(listed.body)).toContain(url);
    const query = await dav(
      'REPORT',
      home(),
      '<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>',
    );
    expect(hrefsIn(query.body)).toContain(url);
    const multiget = await dav(
      'REPORT',
      home(),
      `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-data/></d:prop><d:href>${url}</d:href><d:href>${home()}my-uid-1%40example.org.ics</d:href></c:calendar-multiget>`,
    );
    expect(multiget.body).toContain('UID:my-uid-1@example.org');
    expect(multiget.body).toMatch(/my-uid-1%40example.org.ics<\/d:href>\s*<d:status>HTTP\/1.1 404/);
    // Not at an address made from its UID.
    expect((await dav('GET', `${home()}${encodeURIComponent('my-uid-1@example.org')}.ics`)).statusCode).toBe(
      404,
    );
  });

  it('gives a task made in Ordo a stable UID and <uid>.ics', async () => {
    const made = (
      await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
        token,
        body: { title: 'From the web' },
      })
    ).json();
    const { uid } = await t.app.ordo.db.kysely
      .selectFrom('tasks')
      .select('uid')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    const url = `${home()}${uid}.ics`;
    expect((await dav('GET', url)).body).toContain(`UID:${uid}`);
    await editInOrdo(made.id, { title: 'From the web, renamed' });
    const after = await dav('GET', url);
    expect(after.body).toContain(`UID:${uid}`);
    expect(after.body).toContain('SUMMARY:From the web\\, renamed');
  });

  it('updates the task at an existing name, and refuses its UID at another name', async () => {
    const url = `${home()}errand.ics`;
    expect((await dav('PUT', url, vtodo('errand-1@example.org', 'SUMMARY:Post a letter'))).statusCode).toBe(
      201,
    );
    const before = await taskCount();
    expect(
      (await dav('PUT', url, vtodo('errand-1@example.org', 'SUMMARY:Post two letters'))).statusCode,
    ).toBe(204);
    expect(await taskCount()).toBe(before);
    expect((await dav('GET', url)).body).toContain('SUMMARY:Post two letters');

    const twin = await dav('PUT', `${home()}errand-copy.ics`, vtodo('errand-1@example.org', 'SUMMARY:Twin'));
    expect(twin.statusCode).toBe(409);
    expect(twin.headers['content-type']).toMatch(/xml/);
    expect(twin.body).toContain('<cal:no-uid-conflict><d:href>');
    expect(twin.body).toContain(`${url}</d:href>`);
    expect(await taskCount()).toBe(before);
    expect((await dav('GET', `${home()}errand-copy.ics`)).statusCode).toBe(404);
  });
  it('refuses a new UID at an existing name', async () => {
    const url = `${home()}fixed.ics`;
    expect((await dav('PUT', url, vtodo('fixed-1', 'SUMMARY:Fixed'))).statusCode).toBe(201);
    const changed = await dav('PUT', url, vtodo('fixed-2', 'SUMMARY:Other'));
    expect(changed.statusCode).toBe(409);
    expect(changed.body).toContain('no-uid-conflict');
    expect((await dav('GET', url)).body).toContain('UID:fixed-1');
  });

  it('makes one task of one UID sent to two names at once', async () => {
    const before = await taskCount();
    const answers = await Promise.all(
      ['race-a', 'race-b', 'race-c'].map((name) =>
        dav('PUT', `${home()}${name}.ics`, vtodo('race-1@example.org', `SUMMARY:${name}`)),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201))
      expect([409, 412]).toContain(refused.statusCode);
    expect(await taskCount()).toBe(before + 1);
  });

  it('moves with its task to <uid>.ics in the new project, freeing the old name', async () => {
    const url = `${home()}client-move.ics`;
    expect((await dav('PUT', url, vtodo('move-1', 'SUMMARY:Move me', 'X-KEEP:yes'))).statusCode).toBe(201);
    const id = await taskIdOfUid(t, 'move-1');
    const other = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Elsewhere' } })).json()
      .id;
    await editInOrdo(id, { project_id: other });
    expect((await dav('GET', url)).statusCode).toBe(404);
    const moved = await dav('GET', `/dav/projects/${other}/move-1.ics`);
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toContain('X-KEEP:yes');
    expect((await dav('PUT', url, vtodo('move-2', 'SUMMARY:New at the old name'))).statusCode).toBe(201);
    expect((await dav('GET', url)).body).toContain('UID:move-2');
  });
});

describe('what a client sends', () => {
  const rich = vtodo(
    'rich-1@example.org',
    'SUMMARY:Service the bike',
    'DESCRIPTION:Chain\\, brakes and tyres',
    'DTSTART:20301130T090000',
    'DUE;VALUE=DATE:20301201',
    'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5',
    'PRIORITY:4',
    'PERCENT-COMPLETE:33',
    'CATEGORIES:Bike,Outdoor',
    'CLASS:PRIVATE',
    'X-APPLE-SORT-ORDER:17',
    'X-CUSTOM;X-PARAM=yes:anything goes',
    'BEGIN:VALARM',
    'ACTION:AUDIO',
    'TRIGGER;RELATED=END:-PT1H',
    'X-WR-ALARMUID:alarm-1',
    'END:VALARM',
    'BEGIN:X-VENDOR-THING',
    'X-FIELD:kept',
    'END:X-VENDOR-THING',
  );
  const url = () => `${home()}rich.ics`;
  let id: number;

  beforeAll(async () => {
    const put = await dav('PUT', url(), rich);
    expect(put.statusCode).toBe(201);
    id = await taskIdOfUid(t, 'rich-1@example.org');
  });

  it('comes back exactly as sent, with the PUT’s ETag', async () => {
    const put = await dav('PUT', url(), rich);
    expect(put.statusCode).toBe(204);
    const got = await dav('GET', url());
    expect(got.body).toBe(rich);
    expect(put.headers.etag).toBe(got.headers.etag);
  });

  it('runs as the task Ordo can show, reading floating and all-day times in the user’s zone', async () => {
    const task = await apiTask(id);
    expect(task).toMatchObject({
      title: 'Service the bike',
      start_date: '2030-11-30T08:00:00Z',
      due_date: '2030-11-30T23:00:00Z',
      priority: 3,
      percent_done: 0.33,
      repeat_after: 604_800,
      repeat_mode: 0,
      repeat_rule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5',
      reminders: [{ relative_to: 'due_date', relative_period: -3600 }],
    });
    expect(task.labels.map((l: { title: string }) => l.title).sort()).toEqual(['Bike', 'Outdoor']);
  });

  it('keeps a yearly rule', async () => {
    const yearly = vtodo('yearly-1', 'SUMMARY:Renew the passport', 'RRULE:FREQ=YEARLY');
    expect((await dav('PUT', `${home()}yearly-1.ics`, yearly)).statusCode).toBe(201);
    expect((await dav('GET', `${home()}yearly-1.ics`)).body).toBe(yearly);
    expect(await apiTask(await taskIdOfUid(t, 'yearly-1'))).toMatchObject({
      repeat_after: 31_536_000,
      repeat_rule: 'FREQ=YEARLY',
    });
  });

  it('gives way to edits in Ordo field by field, keeping the rest as sent', async () => {
    await editInOrdo(id, { title: 'Service the bike today', due_date: '2030-12-02T23:00:00Z' });
    const edited = (await dav('GET', url())).body;
    expect(edited).toContain('SUMMARY:Service the bike today');
    expect(edited).toContain('DUE;VALUE=DATE:20301203');
    expect(edited).toContain('DTSTART:20301130T090000');
    expect(edited).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5');
    for (const kept of [
      'PRIORITY:4',
      'PERCENT-COMPLETE:33',
      'CLASS:PRIVATE',
      'X-APPLE-SORT-ORDER:17',
      'X-CUSTOM;X-PARAM=yes:anything goes',
      'ACTION:AUDIO',
      'X-WR-ALARMUID:alarm-1',
      'BEGIN:X-VENDOR-THING',
      'X-FIELD:kept',
    ])
      expect(edited).toContain(kept);
    expect(edited).not.toContain('DTSTAMP:20300101T000000Z');

    // A repeat changed in Ordo replaces the client's rule.
    const changed = await editInOrdo(id, { repeat_after: 86_400 });
    expect(changed.repeat_rule).toBe('');
    const repeated = (await dav('GET', url())).body;
    expect(repeated).toContain('RRULE:FREQ=DAILY;INTERVAL=1');
    expect(repeated).not.toContain('BYDAY');
  });

  it('drops the client’s rule when the web app replaces it by the same interval', async () => {
    const url = `${home()}same.ics`;
    await dav('PUT', url, vtodo('same-1', 'SUMMARY:Same', 'RRULE:FREQ=WEEKLY;BYDAY=FR'));
    const sameId = await taskIdOfUid(t, 'same-1');
    expect((await editInOrdo(sameId, { title: 'Same, renamed' })).repeat_rule).toBe('FREQ=WEEKLY;BYDAY=FR');
    expect((await editInOrdo(sameId, { repeat_rule: '' })).repeat_rule).toBe('');
    expect((await dav('GET', url)).body).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1');
  });
  it('links a subtask sent before its parent once the parent arrives, and reads both back as sent', async () => {
    const child = vtodo(
      'child-1@example.org',
      'SUMMARY:Buy paint',
      'RELATED-TO;RELTYPE=PARENT:parent-1@example.org',
    );
    const sent = await dav('PUT', `${home()}child.ics`, child);
    expect(sent.statusCode).toBe(201);
    // Its parent is not here yet: the RELATED-TO stays as written, and the ETag is strong.
    expect(sent.headers.etag).toMatch(/^"/);
    expect((await dav('GET', `${home()}child.ics`)).body).toBe(child);
    const parent = vtodo('parent-1@example.org', 'SUMMARY:Paint the fence');
    expect((await dav('PUT', `${home()}parent.ics`, parent)).statusCode).toBe(201);
    const related = (await apiTask(await taskIdOfUid(t, 'parent-1@example.org'))).related_tasks;
    expect(related.subtask.map((x: { title: string }) => x.title)).toEqual(['Buy paint']);
    expect((await dav('GET', `${home()}child.ics`)).body).toBe(child);
    expect((await dav('GET', `${home()}parent.ics`)).body).toContain(
      'RELATED-TO;RELTYPE=CHILD:child-1@example.org',
    );
  });
});

describe('ETags and preconditions', () => {
  const url = () => `${home()}etag.ics`;

  it('refuses a write on a stale ETag or If-None-Match: * on an existing object, writing nothing', async () => {
    const first = await dav('PUT', url(), vtodo('etag-1', 'SUMMARY:First'), { 'if-none-match': '*' });
    expect(first.statusCode).toBe(201);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    const second = await dav('PUT', url(), vtodo('etag-1', 'SUMMARY:Second'), { 'if-match': etag });
    expect(second.statusCode).toBe(204);

    const stale = await dav('PUT', url(), vtodo('etag-1', 'SUMMARY:Stale'), { 'if-match': etag });
    expect(stale.statusCode).toBe(412);
    const again = await dav('PUT', url(), vtodo('etag-1', 'SUMMARY:Again'), { 'if-none-match': '*' });
    expect(again.statusCode).toBe(412);
    expect((await dav('GET', url())).body).toContain('SUMMARY:Second');
    expect((await dav('DELETE', url(), undefined, { 'if-match': etag })).statusCode).toBe(412);
    expect((await dav('GET', url())).statusCode).toBe(200);
  });

  it('answers without an ETag when Ordo stores the object otherwise than sent', async () => {
    // Done on a repeating task moves it to its next occurrence instead.
    const url = `${home()}repeat-done.ics`;
    const lines = ['SUMMARY:Feed the cat', 'DUE:20300301T080000Z', 'RRULE:FREQ=DAILY'];
    expect((await dav('PUT', url, vtodo('repeat-done', ...lines))).headers.etag).toMatch(/^"/);
    const put = await dav('PUT', url, vtodo('repeat-done', ...lines, 'STATUS:COMPLETED'));
    expect(put.statusCode).toBe(204);
    expect(put.headers.etag).toBeUndefined();
    const got = await dav('GET', `${home()}repeat-done.ics`);
    expect(got.body).toContain('STATUS:NEEDS-ACTION');
    expect(got.body).not.toContain('DUE:20300301T080000Z');
    expect(got.headers.etag).toMatch(/^"/);
  });
});

describe('bad input', () => {
  async function refused(url: string, body: string, status: number, precondition: string, auth2?: string) {
    const before = await taskCount();
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: { authorization: auth2 ?? auth, 'content-type': 'text/calendar' },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.body).toContain(precondition);
    expect(await taskCount()).toBe(before);
    return res;
  }

  it('refuses malformed iCalendar with valid-calendar-data', async () => {
    await refused(
      `${home()}bad.ics`,
      'BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\n',
      400,
      'valid-calendar-data',
    );
    await refused(`${home()}bad.ics`, 'not a calendar at all', 400, 'valid-calendar-data');
  });

  it('refuses an event where a task belongs with supported-calendar-component', async () => {
    const event = calendarText(
      'BEGIN:VEVENT',
      'UID:ev-1',
      'DTSTART:20300101T100000Z',
      'SUMMARY:Party',
      'END:VEVENT',
    );
    await refused(`${home()}ev-1.ics`, event, 403, 'supported-calendar-component');
  });

  it('refuses a description too large, in the body limit or beyond it, with max-resource-size', async () => {
    await refused(
      `${home()}big.ics`,
      vtodo('big-1', 'SUMMARY:Big', `DESCRIPTION:${'x'.repeat(600_000)}`),
      413,
      'max-resource-size',
    );
    const huge = await refused(
      `${home()}huge.ics`,
      vtodo('huge-1', 'SUMMARY:Huge', `DESCRIPTION:${'x'.repeat(10 * 1024 * 1024)}`),
      413,
      'max-resource-size',
    );
    expect(huge.headers['content-type']).toMatch(/xml/);
  });

  it('refuses a UID of 5,000 characters with valid-calendar-object-resource', async () => {
    const res = await refused(
      `${home()}long-uid.ics`,
      vtodo('u'.repeat(5000), 'SUMMARY:Long'),
      400,
      'valid-calendar-object-resource',
    );
    expect(res.body).toContain('UID is longer than 250 characters');
  });

  it('refuses a PUT into another user’s calendar', async () => {
    await t.signUp('mallory');
    const mallory = `Basic ${Buffer.from('mallory:tidy-otter-42').toString('base64')}`;
    const res = await refused(
      `${home()}intruder.ics`,
      vtodo('intruder', 'SUMMARY:Mine now'),
      403,
      '',
      mallory,
    );
    expect(res.body).not.toBe('');
  });
});
