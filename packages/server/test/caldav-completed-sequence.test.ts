/**
 * What a CalDAV client's version of a task says about time and order: a task ticked off on a
 * device offline and synced later was done when its COMPLETED says, not at the upload (within
 * reason); and once the task changes in Ordo, it is served with a SEQUENCE above the one its
 * client last sent, so clients that keep the higher SEQUENCE take Ordo's change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let token: string;
let auth: string;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signUp('ticker'));
  auth = `Basic ${Buffer.from('ticker:tidy-otter-42').toString('base64')}`;
  const project = await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Errands' } });
  base = `/dav/projects/${project.json().id}/`;
});
afterAll(async () => t.close());

/** iCalendar's UTC form of an instant: 20300101T081500Z. */
const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]|\.\d{3}/g, '');
/** The API's form: 2030-01-01T08:15:00Z. */
const apiDate = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
const HOUR = 3_600_000;

function vtodo(uid: string, lines: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VTODO', `UID:${uid}`, ...lines]
    .concat(['END:VTODO', 'END:VCALENDAR', ''])
    .join('\r\n');
}

async function put(uid: string, lines: string[], status: 201 | 204) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `${base}${uid}.ics`,
    headers: { authorization: auth, 'content-type': 'text/calendar' },
    payload: vtodo(uid, lines),
  });
  expect(res.statusCode, res.body).toBe(status);
}

async function served(uid: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${base}${uid}.ics`,
    headers: { authorization: auth },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

async function taskOf(uid: string) {
  const { id } = await t.app.ordo.db.kysely
    .selectFrom('tasks')
    .select('id')
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  const res = await t.request('GET', `/api/v1/tasks/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a client’s COMPLETED time', () => {
  it('is when a task uploaded done was done', async () => {
    const doneAt = Date.now() - 2 * 24 * HOUR;
    await put('offline', ['SUMMARY:Post the letter', 'STATUS:COMPLETED', `COMPLETED:${stamp(doneAt)}`], 201);
    expect(await taskOf('offline')).toMatchObject({ done: true, done_at: apiDate(doneAt) });
  });

  it('is when a task marked done by the upload was done', async () => {
    await put('later', ['SUMMARY:Return the books'], 201);
    expect((await taskOf('later')).done).toBe(false);
    const doneAt = Date.now() - 3 * HOUR;
    await put('later', ['SUMMARY:Return the books', 'STATUS:COMPLETED', `COMPLETED:${stamp(doneAt)}`], 204);
    expect(await taskOf('later')).toMatchObject({ done: true, done_at: apiDate(doneAt) });
  });

  it('moves the time of a task already done only when it changes', async () => {
    const first = Date.now() - 5 * HOUR;
    const lines = (summary: string, at: number) => [
      `SUMMARY:${summary}`,
      'STATUS:COMPLETED',
      `COMPLETED:${stamp(at)}`,
    ];
    await put('again', lines('Water the garden', first), 201);
    // Renamed on the device, still done at the same time.
    await put('again', lines('Water the whole garden', first), 204);
    expect(await taskOf('again')).toMatchObject({ title: 'Water the whole garden', done_at: apiDate(first) });
    // A STATUS without COMPLETED says nothing about when.
    await put('again', ['SUMMARY:Water the whole garden', 'STATUS:COMPLETED'], 204);
    expect((await taskOf('again')).done_at).toBe(apiDate(first));
    const second = Date.now() - HOUR;
    await put('again', lines('Water the whole garden', second), 204);
    expect((await taskOf('again')).done_at).toBe(apiDate(second));
  });

  it('keeps the time of a task done in Ordo when its client sends back what it was served', async () => {
    await put('web-done', ['SUMMARY:Book the flights'], 201);
    const task = await taskOf('web-done');
    const marked = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token,
      body: { ...task, done: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const doneAt = (await taskOf('web-done')).done_at as string;
    const back = (await served('web-done')).replace(
      'SUMMARY:Book the flights',
      'SUMMARY:Book the flights home',
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: `${base}web-done.ics`,
      headers: { authorization: auth, 'content-type': 'text/calendar' },
      payload: back,
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await taskOf('web-done')).toMatchObject({ title: 'Book the flights home', done_at: doneAt });
  });

  it('is not believed in the future: the task was done at the upload', async () => {
    const before = apiDate(Date.now() - 1000);
    await put(
      'ahead',
      ['SUMMARY:Fix the tap', 'STATUS:COMPLETED', `COMPLETED:${stamp(Date.now() + 24 * HOUR)}`],
      201,
    );
    const after = apiDate(Date.now() + 1000);
    const { done_at: doneAt } = await taskOf('ahead');
    expect(doneAt >= before && doneAt <= after, `${doneAt} between ${before} and ${after}`).toBe(true);
  });
});

describe('SEQUENCE', () => {
  const sequenceOf = (ics: string) => Number(/^SEQUENCE:(\d+)\r?$/m.exec(ics)?.[1] ?? 0);

  it('is above the client’s after a change in Ordo, and again after the next one', async () => {
    await put('numbered', ['SUMMARY:Buy paint', 'SEQUENCE:3'], 201);
    expect(sequenceOf(await served('numbered'))).toBe(3);
    const task = await taskOf('numbered');
    const renamed = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token,
      body: { ...task, title: 'Buy white paint' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const changed = await served('numbered');
    expect(changed).toContain('SUMMARY:Buy white paint');
    expect(sequenceOf(changed)).toBe(4);

    // The client takes that version, changes it and sends it back with the SEQUENCE it got.
    await put('numbered', ['SUMMARY:Buy white paint', 'PRIORITY:1', 'SEQUENCE:4'], 204);
    expect(sequenceOf(await served('numbered'))).toBe(4);
    const again = await taskOf('numbered');
    await t.request('POST', `/api/v1/tasks/${again.id}`, { token, body: { ...again, done: true } });
    const done = await served('numbered');
    expect(done).toContain('STATUS:COMPLETED');
    expect(sequenceOf(done)).toBe(5);
  });
});
