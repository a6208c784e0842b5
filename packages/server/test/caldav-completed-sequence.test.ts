/**
 * What a CalDAV client's version of a task says about time and order: a task ticked off on a
 * device offline and synced later was done when its COMPLETED says, not at the upload (within
 * reason); and SEQUENCE counts the task's versions: each change in Ordo raises it (a task made in
 * Ordo starts without one), a client's PUT takes the client's when that is higher and otherwise
 * goes one above the one served, so clients that keep the copy with the higher SEQUENCE take each
 * of Ordo's changes.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PYTHON } from './support/caldav/radicale.js';
import { taskIdOfUid } from './support/caldav/task-of-uid.js';
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
  const id = await taskIdOfUid(t, uid);
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
  const hasSequence = (ics: string) => /^SEQUENCE:/m.test(ics);

  async function edit(uid: string, change: Record<string, unknown>) {
    const task = await taskOf(uid);
    const res = await t.request('POST', `/api/v1/tasks/${task.id}`, { token, body: { ...task, ...change } });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function putBack(uid: string, ics: string) {
    return t.app.inject({
      method: 'PUT',
      url: `${base}${uid}.ics`,
      headers: { authorization: auth, 'content-type': 'text/calendar' },
      payload: ics,
    });
  }

  it('rises with each change in Ordo, from the client’s', async () => {
    await put('numbered', ['SUMMARY:Buy paint', 'SEQUENCE:3'], 201);
    expect(sequenceOf(await served('numbered'))).toBe(3);
    await edit('numbered', { title: 'Buy white paint' });
    const first = await served('numbered');
    expect(first).toContain('SUMMARY:Buy white paint');
    expect(sequenceOf(first)).toBe(4);
    await edit('numbered', { priority: 4 });
    const second = await served('numbered');
    expect(second).toContain('PRIORITY:2');
    expect(sequenceOf(second)).toBe(5);
    await edit('numbered', { done: true });
    const done = await served('numbered');
    expect(done).toContain('STATUS:COMPLETED');
    expect(sequenceOf(done)).toBe(6);
    // The favourite is not in the VTODO: nothing to revise.
    await edit('numbered', { is_favorite: true });
    expect(sequenceOf(await served('numbered'))).toBe(6);
  });

  it('goes above the one served when a client changes the task without raising it, and never down', async () => {
    await put('kept', ['SUMMARY:Oil the hinges', 'SEQUENCE:2'], 201);
    await edit('kept', { title: 'Oil the door hinges' });
    expect(sequenceOf(await served('kept'))).toBe(3);
    // A client sends its change with the SEQUENCE it had read: the version is a new one all the same.
    const sameNumber = await putBack(
      'kept',
      vtodo('kept', ['SUMMARY:Oil the door hinges', 'DESCRIPTION:All three', 'SEQUENCE:3']),
    );
    expect(sameNumber.statusCode, sameNumber.body).toBe(204);
    // Stored otherwise than sent (its SEQUENCE): no ETag, so the client fetches it again.
    expect(sameNumber.headers.etag).toBeUndefined();
    const raised = await served('kept');
    expect(raised).toContain('DESCRIPTION:All three');
    expect(sequenceOf(raised)).toBe(4);
    // A client's higher SEQUENCE is taken as it is, and its text served as sent.
    const ahead = vtodo('kept', ['SUMMARY:Oil the door hinges', 'DESCRIPTION:All three', 'SEQUENCE:10']);
    const taken = await putBack('kept', ahead);
    expect(taken.statusCode, taken.body).toBe(204);
    expect(taken.headers.etag).toBeDefined();
    expect(await served('kept')).toBe(ahead);
    // A lower one does not take it down.
    await putBack('kept', vtodo('kept', ['SUMMARY:Oil every hinge', 'SEQUENCE:1']));
    expect(sequenceOf(await served('kept'))).toBe(11);
    // Sending back what was served is no new version.
    const current = await served('kept');
    expect((await putBack('kept', current)).statusCode).toBe(204);
    expect(await served('kept')).toBe(current);
    // A count beyond any Ordo keeps is stored as sent.
    const huge = vtodo('kept', ['SUMMARY:Oil every hinge', 'SEQUENCE:99999999999']);
    expect((await putBack('kept', huge)).statusCode).toBe(204);
    expect(await served('kept')).toBe(huge);
  });

  it('counts the changes of a task made in Ordo, which starts without one', async () => {
    const project = await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Workshop' } });
    const { id: projectId, views } = project.json() as {
      id: number;
      views: { id: number; view_kind: string; done_bucket_id: number }[];
    };
    const created = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
      token,
      body: { title: 'Sharpen the saw' },
    });
    const taskId = created.json().id as number;
    const { uid } = await t.app.ordo.db.kysely
      .selectFrom('tasks')
      .select('uid')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    const object = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/dav/projects/${projectId}/${uid}.ics`,
        headers: { authorization: auth },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    expect(hasSequence(await object())).toBe(false);
    const task = () => t.request('GET', `/api/v1/tasks/${taskId}`, { token }).then((r) => r.json());
    const update = async (change: Record<string, unknown>) => {
      const res = await t.request('POST', `/api/v1/tasks/${taskId}`, {
        token,
        body: { ...(await task()), ...change },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await update({ due_date: '2030-05-01T09:00:00Z' });
    expect(sequenceOf(await object())).toBe(1);
    await update({ reminders: [{ relative_to: 'due_date', relative_period: -3600 }] });
    expect(sequenceOf(await object())).toBe(2);
    // The same reminder sent again, and a new position, change nothing it shows.
    await update({ position: 12 });
    expect(sequenceOf(await object())).toBe(2);
    const bulk = await t.request('POST', '/api/v1/tasks/bulk', {
      token,
      body: { task_ids: [taskId], fields: ['priority'], values: { priority: 3 } },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(sequenceOf(await object())).toBe(3);
    const label = await t.request('PUT', '/api/v1/labels', { token, body: { title: 'Tools' } });
    const labelled = await t.request('PUT', `/api/v1/tasks/${taskId}/labels`, {
      token,
      body: { label_id: label.json().id },
    });
    expect(labelled.statusCode, labelled.body).toBe(201);
    expect(await object()).toContain('CATEGORIES:Tools');
    expect(sequenceOf(await object())).toBe(4);
    // Into the kanban's done bucket: done, and so a new version.
    const kanban = views.find((v) => v.view_kind === 'kanban')!;
    const moved = await t.request(
      'POST',
      `/api/v1/projects/${projectId}/views/${kanban.id}/buckets/${kanban.done_bucket_id}/tasks`,
      {
        token,
        body: { task_id: taskId },
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const done = await object();
    expect(done).toContain('STATUS:COMPLETED');
    expect(sequenceOf(done)).toBe(5);
    // The label's new name is a new category of the task; its colour is not shown.
    const labelPath = `/api/v1/labels/${label.json().id}`;
    const recoloured = await t.request('POST', labelPath, {
      token,
      body: { title: 'Tools', hex_color: 'e8e8e8' },
    });
    expect(recoloured.statusCode, recoloured.body).toBe(200);
    expect(sequenceOf(await object())).toBe(5);
    const renamed = await t.request('POST', labelPath, { token, body: { title: 'Garage' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const afterRename = await object();
    expect(afterRename).toContain('CATEGORIES:Garage');
    expect(sequenceOf(afterRename)).toBe(6);
    const deleted = await t.request('DELETE', labelPath, { token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const afterDelete = await object();
    expect(afterDelete).not.toContain('CATEGORIES');
    expect(sequenceOf(afterDelete)).toBe(7);
  });
});

describe('a client that keeps the copy with the higher SEQUENCE (python3-caldav)', () => {
  it('takes the second of two changes in Ordo in a row', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/`;
    await put('twice', ['SUMMARY:Paint the fence', 'SEQUENCE:1'], 201);
    await (async () => {
      const task = await taskOf('twice');
      await t.request('POST', `/api/v1/tasks/${task.id}`, {
        token,
        body: { ...task, title: 'Paint the fence green' },
      });
    })();
    // The client syncs the first change, and holds it while Ordo makes the second.
    const client = spawn(SYSTEM_PYTHON, [
      '-c',
      HOLDING_CLIENT,
      url,
      'ticker',
      'tidy-otter-42',
      `${url}${base.slice(1)}`,
      'twice',
    ]);
    const lines = readLines(client);
    const held = JSON.parse(await lines.next());
    expect(held).toEqual({ summary: 'Paint the fence green', sequence: 2 });
    const task = await taskOf('twice');
    await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token,
      body: { ...task, title: 'Paint the fence blue' },
    });
    client.stdin.write('\n');
    expect(JSON.parse(await lines.next())).toEqual({
      updated: [{ summary: 'Paint the fence blue', sequence: 3 }],
      kept: { summary: 'Paint the fence blue', sequence: 3 },
    });
  }, 60_000);
});

/**
 * python3-caldav syncing a task list (sync-collection), holding each task's copy and replacing
 * it only by one with a higher SEQUENCE, as Apple's Reminders and Evolution do; it prints the copy
 * of one task, waits for a line, syncs again and prints what came and the copy it keeps.
 */
const HOLDING_CLIENT = `
import json, sys
import caldav
url, user, password, calendar_url, uid = sys.argv[1:6]
calendar = caldav.DAVClient(url=url, username=user, password=password).calendar(url=calendar_url)
synced = calendar.objects_by_sync_token(load_objects=True)
def copy(o):
    c = o.icalendar_component
    return {"summary": str(c["SUMMARY"]), "sequence": int(c.get("SEQUENCE", 0))}
held = {str(o.icalendar_component["UID"]): copy(o) for o in synced}
print(json.dumps(held[uid]), flush=True)
sys.stdin.readline()
updated, deleted = synced.sync()
came = [copy(o) for o in updated if str(o.icalendar_component["UID"]) == uid]
for new in came:
    if new["sequence"] > held[uid]["sequence"]:
        held[uid] = new
print(json.dumps({"updated": came, "kept": held[uid]}), flush=True)
`;

/** The lines a process prints, one at a time. */
function readLines(child: ChildProcessWithoutNullStreams) {
  let buffer = '';
  let errors = '';
  const waiting: ((line: string) => void)[] = [];
  const ready: string[] = [];
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      const next = waiting.shift();
      if (next) next(line);
      else ready.push(line);
    }
  });
  return {
    next: () =>
      new Promise<string>((resolve, reject) => {
        const line = ready.shift();
        if (line !== undefined) return resolve(line);
        waiting.push(resolve);
        child.once('exit', (code) => reject(new Error(`client exited (${code}): ${errors}`)));
      }),
  };
}
