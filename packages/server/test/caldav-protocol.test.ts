/**
 * CalDAV's protocol by raw requests: discovery from the server's address (RFC 6764, 5397),
 * collection properties, sync-collection with tombstones (RFC 6578), calendar-query filters
 * (RFC 4791 §7.8, §9.7, §9.9), calendar-multiget, MKCALENDAR and DELETE of a collection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SyncRepo } from '../src/modules/caldav/sync-repo.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PASSWORD = 'tidy-otter-42';
const basic = (username: string) => `Basic ${Buffer.from(`${username}:${PASSWORD}`).toString('base64')}`;

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

function vtodo(uid: string, lines: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VTODO', `UID:${uid}`, ...lines]
    .concat(['END:VTODO', 'END:VCALENDAR', ''])
    .join('\r\n');
}

/** The hrefs a multistatus answers for (not those inside properties). */
const hrefs = (body: string) => [...body.matchAll(/<d:response><d:href>([^<]*)<\/d:href>/g)].map((m) => m[1]);
/** The hrefs answered 404 in a multistatus (objects gone, or not found). */
const gone = (body: string) =>
  [...body.matchAll(/<d:response><d:href>([^<]*)<\/d:href><d:status>HTTP\/1.1 404/g)].map((m) => m[1]);
const syncTokenOf = (body: string) => /<d:sync-token>([^<]*)<\/d:sync-token>/.exec(body)?.[1] ?? '';

const SYNC = (token: string) =>
  `<?xml version="1.0"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

async function user(name: string) {
  const { token, id } = await t.signUp(name);
  const project = await t.request('PUT', '/api/v1/projects', { token, body: { title: `${name}'s` } });
  return { token, id, auth: basic(name), projectId: project.json().id as number };
}

async function put(auth: string, projectId: number, uid: string, lines: string[]) {
  const res = await dav('PUT', `/dav/projects/${projectId}/${uid}.ics`, auth, vtodo(uid, lines));
  expect(res.statusCode, res.body).toBe(201);
}

describe('discovery', () => {
  it('PROPFIND on the bare server address names the current user principal', async () => {
    const { auth } = await user('disa');
    const body = `<d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>`;
    expect((await dav('PROPFIND', '/', null, body, { depth: '0' })).statusCode).toBe(401);
    const res = await dav('PROPFIND', '/', auth, body, { depth: '0' });
    expect(res.statusCode).toBe(207);
    expect(res.body).toContain(
      '<d:current-user-principal><d:href>/dav/principals/disa/</d:href></d:current-user-principal>',
    );
    const principal = await dav(
      'PROPFIND',
      '/dav/principals/disa/',
      auth,
      `<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><c:calendar-home-set/><d:principal-URL/></d:prop></d:propfind>`,
      { depth: '0' },
    );
    expect(principal.body).toContain('<cal:calendar-home-set><d:href>/dav/projects/</d:href>');
    expect(principal.body).toContain('<d:principal-URL><d:href>/dav/principals/disa/</d:href>');
  });

  it('OPTIONS on /, /.well-known/caldav and /dav/ answers the DAV classes, signed in or not', async () => {
    for (const path of ['/', '/.well-known/caldav', '/.well-known/caldav/', '/dav/', '/dav/projects/1/']) {
      const res = await dav('OPTIONS', path, null);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers.dav).toBe('1, 3, calendar-access');
      expect(res.headers.allow).toContain('REPORT');
      expect(res.headers.allow).toContain('MKCALENDAR');
    }
  });

  it('a calendar has its component set, ctag, sync token and the reports it answers', async () => {
    const { auth, projectId } = await user('disb');
    const res = await dav(
      'PROPFIND',
      `/dav/projects/${projectId}/`,
      auth,
      `<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/"><d:prop><c:supported-calendar-component-set/><cs:getctag/><d:sync-token/><d:supported-report-set/></d:prop></d:propfind>`,
      { depth: '0' },
    );
    expect(res.statusCode).toBe(207);
    expect(res.body).toContain('<cal:comp name="VTODO"');
    expect(res.body).toMatch(/<cs:getctag>urn:ordo:caldav-sync:\d+:0<\/cs:getctag>/);
    expect(res.body).toMatch(/<d:sync-token>urn:ordo:caldav-sync:\d+:0<\/d:sync-token>/);
    for (const report of ['cal:calendar-query', 'cal:calendar-multiget', 'd:sync-collection'])
      expect(res.body).toContain(`<d:report><${report}/></d:report>`);
  });

  it('a Depth 1 PROPFIND on a calendar answers for the calendar first, then its objects', async () => {
    const { auth, projectId } = await user('disc');
    await put(auth, projectId, 'one', ['SUMMARY:One']);
    const res = await dav('PROPFIND', `/dav/projects/${projectId}/`, auth, '', { depth: '1' });
    expect(hrefs(res.body)).toEqual([`/dav/projects/${projectId}/`, `/dav/projects/${projectId}/one.ics`]);
  });
});

describe('sync-collection', () => {
  it('answers everything first, then only what changed and 404 for what was deleted', async () => {
    const { auth, token, projectId } = await user('syna');
    const base = `/dav/projects/${projectId}/`;
    await put(auth, projectId, 'a', ['SUMMARY:A']);
    await put(auth, projectId, 'b', ['SUMMARY:B']);
    await put(auth, projectId, 'c', ['SUMMARY:C']);
    const first = await dav('REPORT', base, auth, SYNC(''), { depth: '0' });
    expect(first.statusCode).toBe(207);
    expect(hrefs(first.body).sort()).toEqual([`${base}a.ics`, `${base}b.ics`, `${base}c.ics`]);
    const token1 = syncTokenOf(first.body);
    expect(token1).toMatch(/^urn:ordo:caldav-sync:/);

    // Nothing changed: nothing to send, and the same token.
    const idle = await dav('REPORT', base, auth, SYNC(token1), { depth: '0' });
    expect(hrefs(idle.body)).toEqual([]);
    expect(syncTokenOf(idle.body)).toBe(token1);

    // One edited over CalDAV, one deleted, one added in the web app's API.
    await dav('PUT', `${base}a.ics`, auth, vtodo('a', ['SUMMARY:A edited']));
    expect((await dav('DELETE', `${base}b.ics`, auth)).statusCode).toBe(204);
    const added = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
      token,
      body: { title: 'D' },
    });
    expect(added.statusCode).toBe(201);
    const second = await dav('REPORT', base, auth, SYNC(token1), { depth: '0' });
    expect(second.statusCode).toBe(207);
    const changed = hrefs(second.body).filter((h) => !gone(second.body).includes(h));
    expect(changed).toHaveLength(2);
    expect(changed).toContain(`${base}a.ics`);
    expect(gone(second.body)).toEqual([`${base}b.ics`]);
    const token2 = syncTokenOf(second.body);
    expect(token2).not.toBe(token1);
    // The ctag moved with the token.
    const ctag = await dav(
      'PROPFIND',
      base,
      auth,
      `<d:propfind xmlns:d="DAV:" xmlns:cs="http://calendarserver.org/ns/"><d:prop><cs:getctag/></d:prop></d:propfind>`,
      { depth: '0' },
    );
    expect(ctag.body).toContain(`<cs:getctag>${token2}</cs:getctag>`);
  });

  it('sees a label, a reminder or a rename in the web app as a change of the object', async () => {
    const { auth, token, projectId } = await user('synb');
    const base = `/dav/projects/${projectId}/`;
    await put(auth, projectId, 'x', ['SUMMARY:X']);
    await put(auth, projectId, 'y', ['SUMMARY:Y']);
    const token0 = syncTokenOf((await dav('REPORT', base, auth, SYNC(''), { depth: '0' })).body);
    const tasks = (await t.request('GET', `/api/v1/projects/${projectId}/views`, { token })).json();
    expect(tasks.length).toBeGreaterThan(0);
    const all = await t.request('GET', `/api/v1/tasks/all?s=X`, { token });
    const x = (all.json() as { id: number; title: string }[]).find((task) => task.title === 'X');
    const label = await t.request('PUT', '/api/v1/labels', { token, body: { title: 'urgent' } });
    const linked = await t.request('PUT', `/api/v1/tasks/${x?.id}/labels`, {
      token,
      body: { label_id: label.json().id },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const afterLabel = await dav('REPORT', base, auth, SYNC(token0), { depth: '0' });
    expect(hrefs(afterLabel.body)).toEqual([`${base}x.ics`]);
    const token1 = syncTokenOf(afterLabel.body);
    const renamed = await t.request('POST', `/api/v1/labels/${label.json().id}`, {
      token,
      body: { title: 'very urgent' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await dav('REPORT', base, auth, SYNC(token1), { depth: '0' });
    expect(hrefs(afterRename.body)).toEqual([`${base}x.ics`]);
  });

  it('sees a relation or a reminder made in the web app as a change of the tasks it touches', async () => {
    const { auth, token, projectId } = await user('synr');
    const base = `/dav/projects/${projectId}/`;
    for (const uid of ['parent', 'child', 'other']) await put(auth, projectId, uid, [`SUMMARY:${uid}`]);
    const token0 = syncTokenOf((await dav('REPORT', base, auth, SYNC(''))).body);
    const all = (await t.request('GET', '/api/v1/tasks/all', { token })).json() as {
      id: number;
      title: string;
    }[];
    const id = (title: string) => all.find((task) => task.title === title)?.id;
    const related = await t.request('PUT', `/api/v1/tasks/${id('parent')}/relations`, {
      token,
      body: { other_task_id: id('child'), relation_kind: 'subtask' },
    });
    expect(related.statusCode, related.body).toBe(201);
    const afterRelation = await dav('REPORT', base, auth, SYNC(token0));
    expect(hrefs(afterRelation.body).sort()).toEqual([`${base}child.ics`, `${base}parent.ics`]);
    const token1 = syncTokenOf(afterRelation.body);
    const reminded = await t.request('POST', `/api/v1/tasks/${id('other')}`, {
      token,
      body: { title: 'other', reminders: [{ reminder: '2030-01-01T10:00:00Z' }] },
    });
    expect(reminded.statusCode, reminded.body).toBe(200);
    const afterReminder = await dav('REPORT', base, auth, SYNC(token1));
    expect(hrefs(afterReminder.body)).toEqual([`${base}other.ics`]);
  });

  it('a task moved to another project is gone from the first and new in the second', async () => {
    const { auth, token, projectId } = await user('sync');
    const other = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Other' } })).json()
      .id as number;
    await put(auth, projectId, 'mover', ['SUMMARY:Mover']);
    const from = syncTokenOf((await dav('REPORT', `/dav/projects/${projectId}/`, auth, SYNC(''))).body);
    const to = syncTokenOf((await dav('REPORT', `/dav/projects/${other}/`, auth, SYNC(''))).body);
    const all = await t.request('GET', '/api/v1/tasks/all?s=Mover', { token });
    const id = (all.json() as { id: number }[])[0]?.id;
    const moved = await t.request('POST', `/api/v1/tasks/${id}`, {
      token,
      body: { title: 'Mover', project_id: other },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const left = await dav('REPORT', `/dav/projects/${projectId}/`, auth, SYNC(from));
    expect(gone(left.body)).toEqual([`/dav/projects/${projectId}/mover.ics`]);
    const arrived = await dav('REPORT', `/dav/projects/${other}/`, auth, SYNC(to));
    expect(hrefs(arrived.body)).toEqual([`/dav/projects/${other}/mover.ics`]);
    expect(gone(arrived.body)).toEqual([]);
  });

  it('answers an object at the address its client chose, and its deletion or move under it', async () => {
    const { auth, token, projectId } = await user('syncn');
    const other = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Other' } })).json()
      .id as number;
    const base = `/dav/projects/${projectId}/`;
    const token0 = syncTokenOf((await dav('REPORT', base, auth, SYNC(''))).body);
    const uids = { abc: 'my-uid-1@example.org', def: 'my-uid-2@example.org', ghi: 'my-uid-3@example.org' };
    for (const [name, uid] of Object.entries(uids)) {
      const res = await dav('PUT', `${base}client-${name}.ics`, auth, vtodo(uid, [`SUMMARY:${name}`]));
      expect(res.statusCode, res.body).toBe(201);
    }
    const created = await dav('REPORT', base, auth, SYNC(token0));
    expect(hrefs(created.body).sort()).toEqual([
      `${base}client-abc.ics`,
      `${base}client-def.ics`,
      `${base}client-ghi.ics`,
    ]);
    const multiget = await dav(
      'REPORT',
      base,
      auth,
      `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><d:href>${base}client-abc.ics</d:href><d:href>${base}my-uid-1%40example.org.ics</d:href></c:calendar-multiget>`,
      { depth: '1' },
    );
    expect(multiget.statusCode).toBe(207);
    expect(hrefs(multiget.body)).toEqual([`${base}client-abc.ics`, `${base}my-uid-1%40example.org.ics`]);
    expect(gone(multiget.body)).toEqual([`${base}my-uid-1%40example.org.ics`]);
    expect(multiget.body).toContain('UID:my-uid-1@example.org');

    // Deleted over CalDAV, deleted in the web app, moved to another project in the web app.
    const token1 = syncTokenOf(created.body);
    const toOther = syncTokenOf((await dav('REPORT', `/dav/projects/${other}/`, auth, SYNC(''))).body);
    expect((await dav('DELETE', `${base}client-abc.ics`, auth)).statusCode).toBe(204);
    const all = (await t.request('GET', '/api/v1/tasks/all', { token })).json() as {
      id: number;
      title: string;
    }[];
    const id = (title: string) => all.find((task) => task.title === title)?.id;
    expect((await t.request('DELETE', `/api/v1/tasks/${id('def')}`, { token })).statusCode).toBe(200);
    const moved = await t.request('POST', `/api/v1/tasks/${id('ghi')}`, {
      token,
      body: { title: 'ghi', project_id: other },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await dav('REPORT', base, auth, SYNC(token1));
    expect(gone(after.body).sort()).toEqual([
      `${base}client-abc.ics`,
      `${base}client-def.ics`,
      `${base}client-ghi.ics`,
    ]);
    expect(hrefs(after.body)).toHaveLength(3);
    // In its new project the moved task is at <uid>.ics.
    const arrived = await dav('REPORT', `/dav/projects/${other}/`, auth, SYNC(toOther));
    expect(hrefs(arrived.body)).toEqual([`/dav/projects/${other}/my-uid-3%40example.org.ics`]);
    expect(gone(arrived.body)).toEqual([]);
    // A client that synced before they were made hears of nothing: not of them, and not of the
    // names Ordo gave them before their clients' names were stored.
    const fromStart = await dav('REPORT', base, auth, SYNC(token0));
    expect(hrefs(fromStart.body)).toEqual([]);
  });

  it('refuses a token it never gave or no longer answers with 403 valid-sync-token', async () => {
    const { auth, projectId } = await user('synd');
    const other = await user('syne');
    const base = `/dav/projects/${projectId}/`;
    const current = syncTokenOf((await dav('REPORT', base, auth, SYNC(''))).body);
    const otherToken = syncTokenOf(
      (await dav('REPORT', `/dav/projects/${other.projectId}/`, other.auth, SYNC(''))).body,
    );
    for (const bad of ['http://example.org/sync/1', 'urn:ordo:caldav-sync:x:1', otherToken, `${current}9`]) {
      const res = await dav('REPORT', base, auth, SYNC(bad));
      expect(res.statusCode, bad).toBe(403);
      expect(res.body).toContain('<d:valid-sync-token/>');
    }
  });

  it('keeps tombstones 30 days; pruning them refuses the tokens that predate them', async () => {
    const { auth, projectId } = await user('synf');
    const base = `/dav/projects/${projectId}/`;
    await put(auth, projectId, 'old', ['SUMMARY:Old']);
    const before = syncTokenOf((await dav('REPORT', base, auth, SYNC(''))).body);
    expect((await dav('DELETE', `${base}old.ics`, auth)).statusCode).toBe(204);
    const after = syncTokenOf((await dav('REPORT', base, auth, SYNC(''))).body);
    const repo = new SyncRepo(t.app.ordo.db.kysely);
    const day = 24 * 60 * 60 * 1000;
    await repo.pruneTombstones(Date.now() + 29 * day);
    expect(gone((await dav('REPORT', base, auth, SYNC(before))).body)).toEqual([`${base}old.ics`]);
    await repo.pruneTombstones(Date.now() + 31 * day);
    const stale = await dav('REPORT', base, auth, SYNC(before));
    expect(stale.statusCode).toBe(403);
    expect(stale.body).toContain('<d:valid-sync-token/>');
    const fresh = await dav('REPORT', base, auth, SYNC(after));
    expect(fresh.statusCode).toBe(207);
  });

  it('a stranger cannot sync another user’s calendar', async () => {
    const { projectId } = await user('syng');
    const stranger = await user('synh');
    expect((await dav('REPORT', `/dav/projects/${projectId}/`, stranger.auth, SYNC(''))).statusCode).toBe(
      403,
    );
  });
});

const QUERY = (filter: string) =>
  `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><c:filter><c:comp-filter name="VCALENDAR">${filter}</c:comp-filter></c:filter></c:calendar-query>`;

describe('calendar-query', () => {
  let auth: string;
  let base: string;
  const names = (body: string) =>
    hrefs(body)
      .map((h) => h?.slice(base.length).replace(/\.ics$/, ''))
      .sort();
  const query = async (filter: string) => {
    const res = await dav('REPORT', base, auth, QUERY(filter), { depth: '1' });
    expect(res.statusCode, res.body).toBe(207);
    return names(res.body);
  };
  beforeAll(async () => {
    const u = await user('qrya');
    auth = u.auth;
    base = `/dav/projects/${u.projectId}/`;
    await put(auth, u.projectId, 'due-june', ['SUMMARY:Buy milk', 'DUE:20260615T120000Z']);
    await put(auth, u.projectId, 'due-july', ['SUMMARY:Pay RENT', 'DUE:20260715T120000Z']);
    await put(auth, u.projectId, 'span', [
      'SUMMARY:Äpfel pflücken',
      'DTSTART:20260501T000000Z',
      'DUE:20260801T000000Z',
    ]);
    // An object reads back as its client sent it, so CREATED and COMPLETED are the client's.
    const now = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
    await put(auth, u.projectId, 'done', [
      'SUMMARY:Done already',
      'STATUS:COMPLETED',
      `COMPLETED:${now}`,
      `CREATED:${now}`,
    ]);
  });

  it('VTODO gives every task, VEVENT none', async () => {
    expect(await query('<c:comp-filter name="VTODO"/>')).toEqual(['done', 'due-july', 'due-june', 'span']);
    expect(await query('<c:comp-filter name="VEVENT"/>')).toEqual([]);
  });

  it('a time-range follows the VTODO rules of RFC 4791 §9.9', async () => {
    const june = '<c:time-range start="20260601T000000Z" end="20260701T000000Z"/>';
    const inJune = await query(`<c:comp-filter name="VTODO">${june}</c:comp-filter>`);
    expect(inJune).toEqual(expect.arrayContaining(['due-june', 'span']));
    expect(inJune).not.toContain('due-july');
    // No DTSTART or DUE: CREATED and COMPLETED (both around now) decide.
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '');
    const day = 86_400_000;
    const now = `<c:time-range start="${stamp(Date.now() - day)}" end="${stamp(Date.now() + day)}"/>`;
    expect(await query(`<c:comp-filter name="VTODO">${now}</c:comp-filter>`)).toEqual(['done']);
    const august = '<c:time-range start="20260802T000000Z" end="20260901T000000Z"/>';
    expect(await query(`<c:comp-filter name="VTODO">${august}</c:comp-filter>`)).toEqual([]);
  });

  it('a time-range reads the dates an object has as its client sent it, not when Ordo stored it', async () => {
    const { auth, projectId } = await user('qryb');
    const href = `/dav/projects/${projectId}/`;
    // CREATED only: in every range that ends after it; no date at all: in every range.
    await put(auth, projectId, 'made-2019', ['SUMMARY:Old', 'CREATED:20190101T000000Z']);
    await put(auth, projectId, 'undated', ['SUMMARY:Undated']);
    const range = '<c:time-range start="20200101T000000Z" end="20200201T000000Z"/>';
    const res = await dav(
      'REPORT',
      href,
      auth,
      QUERY(`<c:comp-filter name="VTODO">${range}</c:comp-filter>`),
      {
        depth: '1',
      },
    );
    expect(res.statusCode).toBe(207);
    expect(hrefs(res.body).sort()).toEqual([`${href}made-2019.ics`, `${href}undated.ics`]);
  });

  it('is-not-defined on COMPLETED keeps the open tasks', async () => {
    expect(
      await query(
        '<c:comp-filter name="VTODO"><c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter></c:comp-filter>',
      ),
    ).toEqual(['due-july', 'due-june', 'span']);
  });

  it('text-match with each collation and negated', async () => {
    const summary = (match: string) =>
      `<c:comp-filter name="VTODO"><c:prop-filter name="SUMMARY">${match}</c:prop-filter></c:comp-filter>`;
    expect(await query(summary('<c:text-match collation="i;ascii-casemap">rent</c:text-match>'))).toEqual([
      'due-july',
    ]);
    expect(await query(summary('<c:text-match collation="i;ascii-casemap">äpfel</c:text-match>'))).toEqual(
      [],
    );
    expect(await query(summary('<c:text-match collation="i;unicode-casemap">äPFEL</c:text-match>'))).toEqual([
      'span',
    ]);
    expect(await query(summary('<c:text-match negate-condition="yes">y</c:text-match>'))).toEqual(['span']);
    expect(await query(summary('<c:text-match negate-condition="yes">milk</c:text-match>'))).toEqual([
      'done',
      'due-july',
      'span',
    ]);
  });

  it('refuses an unknown collation and a time range that is not UTC, with their preconditions', async () => {
    const bad = await dav(
      'REPORT',
      base,
      auth,
      QUERY(
        '<c:comp-filter name="VTODO"><c:prop-filter name="SUMMARY"><c:text-match collation="i;klingon">x</c:text-match></c:prop-filter></c:comp-filter>',
      ),
    );
    expect(bad.statusCode).toBe(403);
    expect(bad.body).toContain('<cal:supported-collation/>');
    const range = await dav(
      'REPORT',
      base,
      auth,
      QUERY('<c:comp-filter name="VTODO"><c:time-range start="2026-06-01"/></c:comp-filter>'),
    );
    expect(range.statusCode).toBe(400);
    expect(range.body).toContain('<cal:valid-filter/>');
  });

  it('calendar-multiget answers the asked objects and 404 for unknown hrefs', async () => {
    const res = await dav(
      'REPORT',
      base,
      auth,
      `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop><d:href>${base}due-june.ics</d:href><d:href>${base}nope.ics</d:href></c:calendar-multiget>`,
      { depth: '1' },
    );
    expect(res.statusCode).toBe(207);
    expect(res.body).toContain('SUMMARY:Buy milk');
    expect(gone(res.body)).toEqual([`${base}nope.ics`]);
  });
});

describe('MKCALENDAR and DELETE of a calendar', () => {
  it('makes a project with the display name and colour, at the address the client chose', async () => {
    const { token, auth } = await user('mka');
    const res = await dav(
      'MKCALENDAR',
      '/dav/projects/3f0c-my-list/',
      auth,
      `<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:i="http://apple.com/ns/ical/"><d:set><d:prop><d:displayname>Groceries</d:displayname><i:calendar-color>#FF8800FF</i:calendar-color></d:prop></d:set></c:mkcalendar>`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const projects = (await t.request('GET', '/api/v1/projects', { token })).json() as {
      id: number;
      title: string;
      hex_color: string;
    }[];
    const made = projects.find((p) => p.title === 'Groceries');
    expect(made?.hex_color).toBe('ff8800');
    await put(auth, made?.id as number, 'bread', ['SUMMARY:Bread']);
    // The chosen address leads to the same calendar.
    const listed = await dav('PROPFIND', '/dav/projects/3f0c-my-list/', auth, '', { depth: '1' });
    expect(listed.statusCode).toBe(207);
    expect(listed.body).toContain('<d:displayname>Groceries</d:displayname>');
    // Answered under the client's own address, in the calendar's listing and in the home's.
    expect(hrefs(listed.body)).toEqual([
      '/dav/projects/3f0c-my-list/',
      '/dav/projects/3f0c-my-list/bread.ics',
    ]);
    const home = await dav('PROPFIND', '/dav/projects/', auth, '', { depth: '1' });
    expect(hrefs(home.body)).toContain('/dav/projects/3f0c-my-list/');
    expect(hrefs(home.body)).not.toContain(`/dav/projects/${made?.id}/`);
    const multiget = await dav(
      'REPORT',
      '/dav/projects/3f0c-my-list/',
      auth,
      `<c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/></d:prop><d:href>/dav/projects/3f0c-my-list/bread.ics</d:href><d:href>/dav/projects/${made?.id}/bread.ics</d:href></c:calendar-multiget>`,
    );
    expect(hrefs(multiget.body)).toEqual([
      '/dav/projects/3f0c-my-list/bread.ics',
      `/dav/projects/${made?.id}/bread.ics`,
    ]);
    expect(gone(multiget.body)).toEqual([]);
    const put2 = await dav(
      'PUT',
      '/dav/projects/3f0c-my-list/milk.ics',
      auth,
      vtodo('milk', ['SUMMARY:Milk']),
    );
    expect(put2.statusCode).toBe(201);
    // Made twice: the address is taken.
    expect((await dav('MKCALENDAR', '/dav/projects/3f0c-my-list/', auth)).statusCode).toBe(405);
    expect((await dav('MKCALENDAR', `/dav/projects/${made?.id}/`, auth)).statusCode).toBe(405);
    // Another user may use the same name for their own calendar.
    const other = await user('mkb');
    expect((await dav('MKCALENDAR', '/dav/projects/3f0c-my-list/', other.auth)).statusCode).toBe(201);
  });

  it('deletes a calendar for its admin only', async () => {
    const owner = await user('mkc');
    const reader = await user('mkd');
    const share = await t.request('PUT', `/api/v1/projects/${owner.projectId}/users`, {
      token: owner.token,
      body: { username: 'mkd', right: 2 },
    });
    expect(share.statusCode, share.body).toBe(201);
    const writer = await user('mke');
    await t.request('PUT', `/api/v1/projects/${owner.projectId}/users`, {
      token: owner.token,
      body: { username: 'mke', right: 1 },
    });
    await put(owner.auth, owner.projectId, 'keep', ['SUMMARY:Keep']);
    expect((await dav('DELETE', `/dav/projects/${owner.projectId}/`, writer.auth)).statusCode).toBe(403);
    expect((await dav('GET', `/dav/projects/${owner.projectId}/keep.ics`, owner.auth)).statusCode).toBe(200);
    expect((await dav('DELETE', `/dav/projects/${owner.projectId}/`, reader.auth)).statusCode).toBe(204);
    expect((await dav('PROPFIND', `/dav/projects/${owner.projectId}/`, owner.auth)).statusCode).toBe(404);
    expect(
      (await t.request('GET', `/api/v1/projects/${owner.projectId}`, { token: owner.token })).statusCode,
    ).toBe(404);
  });
});
