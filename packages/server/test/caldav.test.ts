/**
 * CalDAV by raw requests (reference §1.2, §2.18, §3.16, §5.20): the token endpoints' shapes,
 * every way of signing in and being refused, rights through shares, and the DAV answers a
 * client library does not show (depth, PROPPATCH, malformed XML, multiget across projects,
 * partial updates).
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { taskIdOfUid } from './support/caldav/task-of-uid.js';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

function dav(
  method: string,
  url: string,
  auth: string | null,
  body?: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(body !== undefined
        ? { 'content-type': url.endsWith('.ics') ? 'text/calendar' : 'application/xml' }
        : {}),
      ...headers,
    },
    ...(body !== undefined ? { payload: body } : {}),
  });
}

const PROPFIND_NAME = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><d:displayname/><d:resourcetype/><cs:getctag/></d:prop></d:propfind>`;

function vtodo(uid: string, lines: string[]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VTODO',
    `UID:${uid}`,
    ...lines,
    'END:VTODO',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

async function caldavToken(token: string): Promise<string> {
  const res = await t.request('PUT', '/api/v1/user/settings/token/caldav', { token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().token;
}

describe('CalDAV tokens', () => {
  it('are created with the cleartext once, listed without it, and deleted', async () => {
    const { token } = await t.signUp('tokia');
    const created = await t.request('PUT', '/api/v1/user/settings/token/caldav', { token });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(Object.keys(body).sort()).toEqual(['created', 'id', 'token']);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(body.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const list = await t.request('GET', '/api/v1/user/settings/token/caldav', { token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ id: body.id, created: body.created }]);

    const { token: other } = await t.signUp('tokib');
    expect((await t.request('GET', '/api/v1/user/settings/token/caldav', { token: other })).json()).toEqual(
      [],
    );
    const foreign = await t.request('DELETE', `/api/v1/user/settings/token/caldav/${body.id}`, {
      token: other,
    });
    expect(foreign.statusCode).toBe(404);

    expect((await dav('PROPFIND', '/dav/', basic('tokia', body.token))).statusCode).toBe(207);
    const deleted = await t.request('DELETE', `/api/v1/user/settings/token/caldav/${body.id}`, { token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'The token was deleted successfully.' });
    expect((await t.request('GET', '/api/v1/user/settings/token/caldav', { token })).json()).toEqual([]);
    expect((await dav('PROPFIND', '/dav/', basic('tokia', body.token))).statusCode).toBe(401);
  });

  it('are in the API documentation, which leaves /dav to the CalDAV RFCs', async () => {
    const paths = Object.keys((await t.request('GET', '/api/v1/docs.json')).json().paths);
    expect(paths).toContain('/user/settings/token/caldav');
    expect(paths.filter((p) => p.startsWith('/dav') || p.startsWith('/.well-known'))).toEqual([]);
  });

  it('cannot be managed with an API token', async () => {
    const { token } = await t.signUp('tokic');
    const apiToken = await t.request('PUT', '/api/v1/tokens', {
      token,
      body: { title: 'sync', permissions: { caldav: ['access'] }, expires_at: '2099-01-01T00:00:00Z' },
    });
    const res = await t.request('PUT', '/api/v1/user/settings/token/caldav', {
      token: apiToken.json().token,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('signing in to /dav', () => {
  let apiToken: string;
  let plainApiToken: string;
  let session: string;
  beforeAll(async () => {
    ({ token: session } = await t.signUp('ida'));
    await t.signUp('otto');
    const make = async (permissions: Record<string, string[]>) =>
      (
        await t.request('PUT', '/api/v1/tokens', {
          token: session,
          body: { title: 'sync', permissions, expires_at: '2099-01-01T00:00:00Z' },
        })
      ).json().token as string;
    apiToken = await make({ caldav: ['access'] });
    plainApiToken = await make({ tasks: ['read_all'] });
  });

  it('without credentials, or with wrong ones, answers 401 with a Basic challenge', async () => {
    const none = await dav('PROPFIND', '/dav/', null);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect((await dav('PROPFIND', '/dav/', basic('ida', 'wrong-password'))).statusCode).toBe(401);
    expect((await dav('PROPFIND', '/dav/', basic('nobody', 'tidy-otter-42'))).statusCode).toBe(401);
    expect((await dav('PROPFIND', '/dav/', 'Bearer whatever')).statusCode).toBe(401);
  });

  it('takes the account password', async () => {
    const res = await dav('PROPFIND', '/dav/', basic('ida', 'tidy-otter-42'), undefined, { depth: '0' });
    expect(res.statusCode).toBe(207);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain('<d:current-user-principal><d:href>/dav/principals/ida/</d:href>');
  });

  it('stops taking a password the moment it is changed, though a proven one is remembered', async () => {
    const { token } = await t.signUp('pia');
    // Proven once, so the next requests find it remembered instead of running bcrypt again.
    expect((await dav('PROPFIND', '/dav/', basic('pia', 'tidy-otter-42'))).statusCode).toBe(207);
    expect((await dav('PROPFIND', '/dav/', basic('pia', 'tidy-otter-42'))).statusCode).toBe(207);
    const changed = await t.request('POST', '/api/v1/user/password', {
      token,
      body: { old_password: 'tidy-otter-42', new_password: 'harbour-finch-73' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await dav('PROPFIND', '/dav/', basic('pia', 'tidy-otter-42'))).statusCode).toBe(401);
    expect((await dav('PROPFIND', '/dav/', basic('pia', 'harbour-finch-73'))).statusCode).toBe(207);
  });

  it('takes a CalDAV token, only with its owner’s username', async () => {
    const secret = await caldavToken(session);
    expect((await dav('PROPFIND', '/dav/', basic('ida', secret))).statusCode).toBe(207);
    expect((await dav('PROPFIND', '/dav/', basic('otto', secret))).statusCode).toBe(401);
  });

  it('takes an API token granting caldav.access, only with its owner’s username', async () => {
    expect((await dav('PROPFIND', '/dav/', basic('ida', apiToken))).statusCode).toBe(207);
    expect((await dav('PROPFIND', '/dav/', basic('otto', apiToken))).statusCode).toBe(401);
    expect((await dav('PROPFIND', '/dav/', basic('ida', plainApiToken))).statusCode).toBe(401);
    expect(
      (
        await dav(
          'PROPFIND',
          '/dav/',
          basic('ida', `${apiToken.slice(0, -1)}${apiToken.endsWith('0') ? '1' : '0'}`),
        )
      ).statusCode,
    ).toBe(401);
  });

  it('refuses the password once two-factor login is on, but still takes tokens', async () => {
    const { token } = await t.signUp('tess');
    const secret = await caldavToken(token);
    const { secret: totpSecret } = (
      await t.request('POST', '/api/v1/user/settings/totp/enroll', { token })
    ).json();
    expect((await dav('PROPFIND', '/dav/', basic('tess', 'tidy-otter-42'))).statusCode).toBe(207);
    const passcode = new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate();
    const enabled = await t.request('POST', '/api/v1/user/settings/totp/enable', {
      token,
      body: { passcode },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await dav('PROPFIND', '/dav/', basic('tess', 'tidy-otter-42'))).statusCode).toBe(401);
    expect((await dav('PROPFIND', '/dav/', basic('tess', secret))).statusCode).toBe(207);
  });

  it('refuses a disabled account, whatever it signs in with', async () => {
    const { token, id } = await t.signUp('dora');
    const secret = await caldavToken(token);
    expect((await dav('PROPFIND', '/dav/', basic('dora', 'tidy-otter-42'))).statusCode).toBe(207);
    await t.app.ordo.db.kysely.updateTable('users').set({ status: 2 }).where('id', '=', id).execute();
    expect((await dav('PROPFIND', '/dav/', basic('dora', 'tidy-otter-42'))).statusCode).toBe(401);
    expect((await dav('PROPFIND', '/dav/', basic('dora', secret))).statusCode).toBe(401);
  });

  it('shows only one’s own principal', async () => {
    const auth = basic('ida', 'tidy-otter-42');
    const own = await dav('PROPFIND', '/dav/principals/ida/', auth, undefined, { depth: '0' });
    expect(own.statusCode).toBe(207);
    expect(own.body).toContain('<cal:calendar-home-set><d:href>/dav/projects/</d:href>');
    expect((await dav('PROPFIND', '/dav/principals/ida', auth)).statusCode).toBe(207);
    expect((await dav('PROPFIND', '/dav/principals/otto/', auth)).statusCode).toBe(404);
    expect((await dav('PROPFIND', '/dav/principals/nobody/', auth)).statusCode).toBe(404);
    expect((await dav('PROPFIND', '/dav/principals/ida/calendars/', auth)).statusCode).toBe(404);
  });

  it('sends /.well-known/caldav to the entry point, keeping a PROPFIND a PROPFIND', async () => {
    for (const path of ['/.well-known/caldav', '/.well-known/caldav/']) {
      const res = await dav('PROPFIND', path, null);
      expect(res.statusCode).toBe(307);
      expect(res.headers.location).toBe('/dav/');
      const get = await dav('GET', path, null);
      expect(get.statusCode).toBe(301);
      expect(get.headers.location).toBe('/dav/');
    }
  });
});

describe('rights through shares', () => {
  let shared: SharedProject;
  let uid: string;
  const as = (p: { username: string }) => basic(p.username, 'tidy-otter-42');
  beforeAll(async () => {
    shared = await sharedProject(t, 'dav-');
    const task = await shared.task('Shared task');
    uid = (
      await t.app.ordo.db.kysely
        .selectFrom('tasks')
        .select('uid')
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow()
    ).uid;
  });

  it('a read-only share sees the calendar and reads its tasks, read-only', async () => {
    const home = await dav('PROPFIND', '/dav/projects/', as(shared.reader), PROPFIND_NAME, { depth: '1' });
    expect(home.statusCode).toBe(207);
    expect(home.body).toContain(`<d:href>/dav/projects/${shared.projectId}/</d:href>`);
    const calendar = await dav(
      'PROPFIND',
      `/dav/projects/${shared.projectId}/`,
      as(shared.reader),
      `<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-privilege-set/></d:prop></d:propfind>`,
      { depth: '0' },
    );
    expect(calendar.body).toContain('<d:privilege><d:read/></d:privilege>');
    expect(calendar.body).not.toContain('<d:write/>');
    const get = await dav('GET', `/dav/projects/${shared.projectId}/${uid}.ics`, as(shared.reader));
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toContain('text/calendar');
    expect(get.body).toContain('SUMMARY:Shared task');
  });

  it('a read-only share can neither create, change nor delete a task', async () => {
    const url = `/dav/projects/${shared.projectId}/${uid}.ics`;
    const update = await dav('PUT', url, as(shared.reader), vtodo(uid, ['SUMMARY:Hijacked']));
    expect(update.statusCode).toBe(403);
    const create = await dav(
      'PUT',
      `/dav/projects/${shared.projectId}/new-1.ics`,
      as(shared.reader),
      vtodo('new-1', ['SUMMARY:New']),
    );
    expect(create.statusCode).toBe(403);
    expect((await dav('DELETE', url, as(shared.reader))).statusCode).toBe(403);
    const task = await dav('GET', url, as(shared.owner));
    expect(task.body).toContain('SUMMARY:Shared task');
  });

  it('a write share creates tasks', async () => {
    const res = await dav(
      'PUT',
      `/dav/projects/${shared.projectId}/by-writer.ics`,
      as(shared.writer),
      vtodo('by-writer', ['SUMMARY:From the writer']),
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers.etag).toMatch(/^"/);
  });

  it('refuses a summary holding a NUL or no summary at all, writing nothing', async () => {
    for (const [uid, lines] of [
      ['with-nul', ['SUMMARY:a\u0000b']],
      ['untitled', ['DESCRIPTION:No title']],
    ] as const) {
      const url = `/dav/projects/${shared.projectId}/${uid}.ics`;
      const res = await dav('PUT', url, as(shared.writer), vtodo(uid, [...lines]));
      expect(res.statusCode, res.body).toBe(400);
      if (uid === 'untitled') expect(res.body).toContain('valid-calendar-object-resource');
      expect((await dav('GET', url, as(shared.owner))).statusCode).toBe(404);
    }
  });

  it('cuts a summary or category over 250 characters in Ordo, and the app keeps its whole text', async () => {
    const long = `${'x'.repeat(260)}😀`;
    const url = `/dav/projects/${shared.projectId}/long.ics`;
    const sent = vtodo('long', [`SUMMARY:${long}`, `CATEGORIES:${long}`]);
    expect((await dav('PUT', url, as(shared.writer), sent)).statusCode).toBe(201);
    const { id } = await t.app.ordo.db.kysely
      .selectFrom('tasks')
      .select('id')
      .where('uid', '=', 'long')
      .executeTakeFirstOrThrow();
    const task = (await t.request('GET', `/api/v1/tasks/${id}`, { token: shared.owner.token })).json();
    expect(task.title).toBe(`${'x'.repeat(249)}…`);
    expect(task.labels.map((l: { title: string }) => l.title)).toEqual([`${'x'.repeat(249)}…`]);
    expect((await dav('GET', url, as(shared.owner))).body).toBe(sent);
  });

  it('a stranger gets 403, a missing project 404, a project that is not a number 404', async () => {
    expect(
      (await dav('PROPFIND', `/dav/projects/${shared.projectId}/`, as(shared.stranger))).statusCode,
    ).toBe(403);
    expect(
      (await dav('GET', `/dav/projects/${shared.projectId}/${uid}.ics`, as(shared.stranger))).statusCode,
    ).toBe(403);
    expect((await dav('PROPFIND', '/dav/projects/999999/', as(shared.owner))).statusCode).toBe(404);
    expect((await dav('GET', '/dav/projects/abc/', as(shared.owner))).statusCode).toBe(404);
    const home = await dav('PROPFIND', '/dav/projects/', as(shared.stranger), PROPFIND_NAME, { depth: '1' });
    expect(home.body).not.toContain(`/dav/projects/${shared.projectId}/`);
  });

  it('a task under another project’s address is not found', async () => {
    const { token } = await t.signUp('dav-other');
    const project = await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Other' } });
    const res = await dav(
      'GET',
      `/dav/projects/${project.json().id}/${uid}.ics`,
      basic('dav-other', 'tidy-otter-42'),
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('collections and objects', () => {
  let token: string;
  let projectId: number;
  let otherProjectId: number;
  const auth = basic('colin', 'tidy-otter-42');
  beforeAll(async () => {
    ({ token } = await t.signUp('colin'));
    projectId = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Home' } })).json().id;
    otherProjectId = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Work' } })).json()
      .id;
  });

  it('lists the home then its calendars at depth 1, and the home alone at depth 0', async () => {
    const deep = await dav('PROPFIND', '/dav/projects/', auth, PROPFIND_NAME, { depth: '1' });
    expect(deep.statusCode).toBe(207);
    expect(deep.body).toContain(`<d:href>/dav/projects/${projectId}/</d:href>`);
    expect(deep.body).toContain('<d:displayname>Work</d:displayname>');
    expect(deep.body).toContain('<cal:calendar/>');
    // RFC 4918 §9.1: a Depth 1 PROPFIND answers for the collection itself too, first.
    expect(deep.body.match(/<d:href>([^<]*)<\/d:href>/)?.[1]).toBe('/dav/projects/');
    const shallow = await dav('PROPFIND', '/dav/projects/', auth, PROPFIND_NAME, { depth: '0' });
    expect(shallow.body).toContain('<d:href>/dav/projects/</d:href>');
    expect(shallow.body).not.toContain(`/dav/projects/${projectId}/`);
  });

  it('answers an unknown property in a 404 propstat, in its own namespace', async () => {
    const res = await dav(
      'PROPFIND',
      `/dav/projects/${projectId}/`,
      auth,
      '<propfind xmlns="DAV:"><prop><displayname/><x:shoe-size xmlns:x="urn:example"/></prop></propfind>',
      { depth: '0' },
    );
    expect(res.body).toContain('<d:displayname>Home</d:displayname>');
    expect(res.body).toMatch(
      /<x:shoe-size xmlns:x="urn:example"\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/,
    );
  });

  it('changes the home ctag when a task is created', async () => {
    const ctag = async () =>
      /<cs:getctag>([^<]+)<\/cs:getctag>/.exec(
        (await dav('PROPFIND', '/dav/projects/', auth, PROPFIND_NAME, { depth: '0' })).body,
      )?.[1];
    const before = await ctag();
    await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, { token, body: { title: 'Ctag' } });
    expect(await ctag()).not.toBe(before);
  });

  it('refuses PROPPATCH per property and malformed XML', async () => {
    const patch = await dav(
      'PROPPATCH',
      `/dav/projects/${projectId}/`,
      auth,
      '<d:propertyupdate xmlns:d="DAV:"><d:set><d:prop><d:displayname>New</d:displayname></d:prop></d:set></d:propertyupdate>',
    );
    expect(patch.statusCode).toBe(207);
    expect(patch.body).toContain('<d:displayname/></d:prop><d:status>HTTP/1.1 403 Forbidden');
    expect(
      (await dav('PROPFIND', `/dav/projects/${projectId}/`, auth, '<d:propfind xmlns:d="DAV:"><d:prop>'))
        .statusCode,
    ).toBe(400);
  });

  it('multiget returns the asked tasks of this calendar and 404 for others', async () => {
    await dav('PUT', `/dav/projects/${projectId}/m-home.ics`, auth, vtodo('m-home', ['SUMMARY:At home']));
    await dav(
      'PUT',
      `/dav/projects/${otherProjectId}/m-work.ics`,
      auth,
      vtodo('m-work', ['SUMMARY:At work']),
    );
    const res = await dav(
      'REPORT',
      `/dav/projects/${projectId}/`,
      auth,
      `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>
        <d:href>/dav/projects/${projectId}/m-home.ics</d:href><d:href>/dav/projects/${projectId}/m-work.ics</d:href></c:calendar-multiget>`,
      { depth: '1' },
    );
    expect(res.statusCode).toBe(207);
    expect(res.body).toContain('SUMMARY:At home');
    expect(res.body).not.toContain('SUMMARY:At work');
    expect(res.body).toContain(
      `<d:href>/dav/projects/${projectId}/m-work.ics</d:href><d:status>HTTP/1.1 404 Not Found`,
    );
  });

  it('a calendar-query gives every task; a GET of the calendar gives them in one VCALENDAR', async () => {
    const query = await dav(
      'REPORT',
      `/dav/projects/${projectId}/`,
      auth,
      `<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop>
        <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>`,
      { depth: '1' },
    );
    expect(query.statusCode).toBe(207);
    expect(query.body.match(/<d:response>/g)).toHaveLength(2);
    const all = await dav('GET', `/dav/projects/${projectId}/`, auth);
    expect(all.statusCode).toBe(200);
    expect(all.body.match(/BEGIN:VTODO/g)).toHaveLength(2);
    expect(all.body.startsWith('BEGIN:VCALENDAR')).toBe(true);
  });

  it('a PUT keeps what the VTODO leaves out and replaces what it says', async () => {
    const url = `/dav/projects/${projectId}/keep.ics`;
    const created = await dav(
      'PUT',
      url,
      auth,
      vtodo('keep', [
        'SUMMARY:Keep things',
        'DUE:20300301T150000Z',
        'PERCENT-COMPLETE:40',
        'RRULE:FREQ=WEEKLY;INTERVAL=2',
        'CATEGORIES:Red,Blue',
        'BEGIN:VALARM',
        'TRIGGER;RELATED=END:-PT30M',
        'ACTION:DISPLAY',
        'DESCRIPTION:x',
        'END:VALARM',
      ]),
    );
    expect(created.statusCode).toBe(201);
    const id = (
      await t.app.ordo.db.kysely
        .selectFrom('tasks')
        .select('id')
        .where('uid', '=', 'keep')
        .executeTakeFirstOrThrow()
    ).id;
    const before = (await t.request('GET', `/api/v1/tasks/${id}`, { token })).json();
    expect(before).toMatchObject({
      percent_done: 0.4,
      repeat_after: 1_209_600,
      reminders: [{ relative_to: 'due_date', relative_period: -1800 }],
    });
    expect(before.labels.map((l: { title: string }) => l.title).sort()).toEqual(['Blue', 'Red']);

    // No CATEGORIES, alarm, percent or rule: all kept.
    const bare = await dav('PUT', url, auth, vtodo('keep', ['SUMMARY:Keep things', 'DUE:20300302T150000Z']));
    expect(bare.statusCode).toBe(204);
    const kept = (await t.request('GET', `/api/v1/tasks/${id}`, { token })).json();
    expect(kept).toMatchObject({
      due_date: '2030-03-02T15:00:00Z',
      percent_done: 0.4,
      repeat_after: 1_209_600,
      reminders: [{ relative_to: 'due_date', relative_period: -1800 }],
    });
    expect(kept.labels).toHaveLength(2);

    // An empty CATEGORIES clears the labels.
    await dav('PUT', url, auth, vtodo('keep', ['SUMMARY:Keep things', 'CATEGORIES:']));
    expect((await t.request('GET', `/api/v1/tasks/${id}`, { token })).json().labels).toBeNull();
  });

  it('a PUT in place of the version read removes what it leaves out of that version', async () => {
    const put = (uid: string, lines: string[], headers: Record<string, string> = {}) =>
      dav('PUT', `/dav/projects/${projectId}/${uid}.ics`, auth, vtodo(uid, lines), headers);
    const taskOf = async (uid: string) => {
      const id = await taskIdOfUid(t, uid);
      return (await t.request('GET', `/api/v1/tasks/${id}`, { token })).json();
    };
    const etagOf = async (uid: string) =>
      (await dav('GET', `/dav/projects/${projectId}/${uid}.ics`, auth)).headers.etag as string;
    expect((await put('errand', ['SUMMARY:Errands'])).statusCode).toBe(201);
    const full = [
      'SUMMARY:Water the plants',
      'DUE:20300302T090000Z',
      'PERCENT-COMPLETE:40',
      'RRULE:FREQ=WEEKLY',
      'CATEGORIES:Home,Garden',
      'RELATED-TO;RELTYPE=PARENT:errand',
      'BEGIN:VALARM',
      'TRIGGER;RELATED=END:-PT30M',
      'ACTION:DISPLAY',
      'DESCRIPTION:x',
      'END:VALARM',
    ];
    expect((await put('plants', full)).statusCode).toBe(201);
    const before = await taskOf('plants');
    expect(before).toMatchObject({ percent_done: 0.4, repeat_after: 604_800, reminders: [{}] });
    expect(before.labels).toHaveLength(2);
    expect(before.related_tasks.parenttask).toHaveLength(1);

    // The user took the alarm, the repeat, the categories, the progress and the parent away.
    const bare = await put('plants', ['SUMMARY:Water the plants', 'DUE:20300302T090000Z'], {
      'if-match': await etagOf('plants'),
    });
    expect(bare.statusCode).toBe(204);
    const after = await taskOf('plants');
    expect(after).toMatchObject({ percent_done: 0, repeat_after: 0, reminders: null, labels: null });
    expect(after.related_tasks.parenttask ?? []).toHaveLength(0);
    const served = (await dav('GET', `/dav/projects/${projectId}/plants.ics`, auth)).body;
    for (const gone of ['RRULE', 'VALARM', 'CATEGORIES', 'PERCENT-COMPLETE', 'RELATED-TO'])
      expect(served).not.toContain(gone);

    // todoman completes a repeating task by sending it done without its rule: it is done, not
    // moved on to its next date.
    expect(
      (await put('weekly', ['SUMMARY:Bins', 'DUE:20300304T070000Z', 'RRULE:FREQ=WEEKLY'])).statusCode,
    ).toBe(201);
    const done = await put(
      'weekly',
      ['SUMMARY:Bins', 'DUE:20300304T070000Z', 'STATUS:COMPLETED', 'COMPLETED:20300304T080000Z'],
      { 'if-match': await etagOf('weekly') },
    );
    expect(done.statusCode).toBe(204);
    expect(await taskOf('weekly')).toMatchObject({
      done: true,
      due_date: '2030-03-04T07:00:00Z',
      repeat_after: 0,
    });

    // Without If-Match the client may not have seen them: they are kept.
    expect((await put('kept', full)).statusCode).toBe(201);
    expect((await put('kept', ['SUMMARY:Water the plants', 'DUE:20300302T090000Z'])).statusCode).toBe(204);
    const kept = await taskOf('kept');
    expect(kept).toMatchObject({ percent_done: 0.4, repeat_after: 604_800, reminders: [{}] });
    expect(kept.related_tasks.parenttask).toHaveLength(1);
  });

  it('maps COLOR to the task colour both ways, leaving a colour name to the app', async () => {
    const url = `/dav/projects/${projectId}/coloured.ics`;
    expect(
      (await dav('PUT', url, auth, vtodo('coloured', ['SUMMARY:Paint', 'COLOR:#1C7ED6ff']))).statusCode,
    ).toBe(201);
    const { id } = await t.app.ordo.db.kysely
      .selectFrom('tasks')
      .select('id')
      .where('uid', '=', 'coloured')
      .executeTakeFirstOrThrow();
    const read = async () => (await t.request('GET', `/api/v1/tasks/${id}`, { token })).json();
    expect((await read()).hex_color).toBe('1c7ed6');
    const task = await read();
    await t.request('POST', `/api/v1/tasks/${id}`, { token, body: { ...task, hex_color: 'e03131' } });
    expect((await dav('GET', url, auth)).body).toContain('COLOR:#e03131');

    const named = vtodo('named', ['SUMMARY:Paint', 'COLOR:turquoise']);
    expect((await dav('PUT', `/dav/projects/${projectId}/named.ics`, auth, named)).statusCode).toBe(201);
    expect((await dav('GET', `/dav/projects/${projectId}/named.ics`, auth)).body).toBe(named);
  });

  it('refuses a value it cannot read with 400, and a list holding one kept from before still answers queries', async () => {
    for (const line of [
      'CREATED:bogus',
      'DUE:notadate',
      'DUE:20301345T100000Z',
      'BEGIN:VALARM\r\nTRIGGER:soon\r\nACTION:DISPLAY\r\nEND:VALARM',
    ]) {
      const res = await dav(
        'PUT',
        `/dav/projects/${projectId}/malformed.ics`,
        auth,
        vtodo('malformed', ['SUMMARY:x', line]),
      );
      expect(res.statusCode, line).toBe(400);
      expect(res.body).toContain('valid-calendar-data');
    }
    expect((await dav('GET', `/dav/projects/${projectId}/malformed.ics`, auth)).statusCode).toBe(404);

    // An object stored before values were checked.
    expect(
      (await dav('PUT', `/dav/projects/${projectId}/old.ics`, auth, vtodo('old', ['SUMMARY:Old one'])))
        .statusCode,
    ).toBe(201);
    await t.app.ordo.db.kysely
      .updateTable('caldav_objects')
      .set({ ics: vtodo('old', ['SUMMARY:Old one', 'COMPLETED:yesterday']) })
      .where('uid', '=', 'old')
      .execute();
    const query = await dav(
      'REPORT',
      `/dav/projects/${projectId}/`,
      auth,
      `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter></c:calendar-query>`,
      { depth: '1' },
    );
    expect(query.statusCode).toBe(207);
    expect(query.body).toContain('old.ics');
  });

  it('links subtasks named by RELATED-TO, across projects, and shows them both ways', async () => {
    const put = (project: number, uid: string, lines: string[]) =>
      dav('PUT', `/dav/projects/${project}/${uid}.ics`, auth, vtodo(uid, lines));
    expect((await put(projectId, 'trip', ['SUMMARY:Plan the trip'])).statusCode).toBe(201);
    expect(
      (await put(projectId, 'tickets', ['SUMMARY:Buy tickets', 'RELATED-TO;RELTYPE=PARENT:trip'])).statusCode,
    ).toBe(201);
    expect(
      (await put(otherProjectId, 'leave', ['SUMMARY:Ask for leave', 'RELATED-TO:trip'])).statusCode,
    ).toBe(201);
    const parent = async () => (await dav('GET', `/dav/projects/${projectId}/trip.ics`, auth)).body;
    expect(await parent()).toContain('RELATED-TO;RELTYPE=CHILD:tickets');
    expect(await parent()).toContain('RELATED-TO;RELTYPE=CHILD:leave');
    expect((await dav('GET', `/dav/projects/${projectId}/tickets.ics`, auth)).body).toContain(
      'RELATED-TO;RELTYPE=PARENT:trip',
    );

    // The parent sent again without RELATED-TO keeps its subtasks; a deleted subtask goes.
    expect((await put(projectId, 'trip', ['SUMMARY:Plan the trip to Rome'])).statusCode).toBe(204);
    expect(await parent()).toContain('RELATED-TO;RELTYPE=CHILD:tickets');
    expect((await dav('DELETE', `/dav/projects/${otherProjectId}/leave.ics`, auth)).statusCode).toBe(204);
    expect(await parent()).not.toContain('leave');
    expect(await parent()).toContain('RELATED-TO;RELTYPE=CHILD:tickets');
  });

  it('If-None-Match: * refuses to overwrite, a bad VTODO is 400', async () => {
    const url = `/dav/projects/${projectId}/once.ics`;
    expect(
      (await dav('PUT', url, auth, vtodo('once', ['SUMMARY:Once']), { 'if-none-match': '*' })).statusCode,
    ).toBe(201);
    expect(
      (await dav('PUT', url, auth, vtodo('once', ['SUMMARY:Twice']), { 'if-none-match': '*' })).statusCode,
    ).toBe(412);
    expect((await dav('PUT', url, auth, 'not a calendar')).statusCode).toBe(400);
    const noTodo = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:x', 'END:VCALENDAR'].join('\r\n');
    expect((await dav('PUT', url, auth, noTodo)).statusCode).toBe(400);
  });

  it('an archived project reads but refuses writes with 403', async () => {
    const archived = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Old' } })).json();
    expect(
      (await dav('PUT', `/dav/projects/${archived.id}/old.ics`, auth, vtodo('old', ['SUMMARY:Old'])))
        .statusCode,
    ).toBe(201);
    await t.request('POST', `/api/v1/projects/${archived.id}`, {
      token,
      body: { ...archived, is_archived: true },
    });
    expect((await dav('GET', `/dav/projects/${archived.id}/old.ics`, auth)).statusCode).toBe(200);
    const write = await dav(
      'PUT',
      `/dav/projects/${archived.id}/old.ics`,
      auth,
      vtodo('old', ['SUMMARY:Newer']),
    );
    expect(write.statusCode).toBe(403);
  });

  it('answers OPTIONS with the DAV classes', async () => {
    const res = await dav('OPTIONS', '/dav/projects/', null);
    expect(res.statusCode).toBe(200);
    expect(res.headers.dav).toContain('calendar-access');
  });

  it('answers a method it does not serve, such as MOVE, with 405 and the ones it does', async () => {
    expect(
      (await dav('PUT', `/dav/projects/${projectId}/stay.ics`, auth, vtodo('stay', ['SUMMARY:Stay'])))
        .statusCode,
    ).toBe(201);
    const res = await dav('MOVE', `/dav/projects/${projectId}/stay.ics`, auth, undefined, {
      destination: `/dav/projects/${otherProjectId}/stay.ics`,
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toContain('PUT, DELETE');
    expect((await dav('GET', `/dav/projects/${projectId}/stay.ics`, auth)).statusCode).toBe(200);
  });
});

describe('with CalDAV switched off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ ORDO_CALDAV: 'false' });
  });
  afterAll(async () => off.close());

  it('says so in /info and has neither /dav nor the token endpoints', async () => {
    expect((await off.request('GET', '/api/v1/info')).json().caldav_enabled).toBe(false);
    const { token } = await off.signUp('offa');
    expect((await off.request('PUT', '/api/v1/user/settings/token/caldav', { token })).statusCode).toBe(404);
    const res = await off.app.inject({
      method: 'GET',
      url: '/dav/projects/',
      headers: { authorization: basic('offa', 'tidy-otter-42') },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('guessing passwords', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ ORDO_BRUTE_FORCE_FAILURES: '3' });
    await limited.signUp('gus');
  });
  afterAll(async () => limited.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const propfind = (auth: string | null) =>
    limited.app.inject({
      method: 'PROPFIND' as 'GET',
      url: '/dav/',
      headers: auth ? { authorization: auth } : {},
    });

  it('counts failed sign-ins only, and makes the account wait once they pass the free ones', async () => {
    // The clock stands still (Date only), so the one-second wait cannot pass mid-test.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now());
    // Challenges and good sign-ins do not count.
    for (let i = 0; i < 5; i++) {
      expect((await propfind(null)).statusCode).toBe(401);
      expect((await propfind(basic('gus', 'tidy-otter-42'))).statusCode).toBe(207);
    }
    // Three free failures and a fourth that starts the wait.
    for (let i = 0; i < 4; i++) expect((await propfind(basic('gus', `guess-${i}`))).statusCode).toBe(401);
    const refused = await propfind(basic('gus', 'guess-4'));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits, so a guess cannot be confirmed.
    expect((await propfind(basic('gus', 'tidy-otter-42'))).statusCode).toBe(429);
  });
});
