/**
 * Two-way sync by real clients (Debian's vdirsyncer and todoman): one project synced with a
 * folder on a laptop, edited on both sides and in the JSON API (the web app's) at once. Tasks
 * keep their UIDs, no task is duplicated, and both sides end with every field as last written.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

const run = promisify(execFile);

let t: TestApp;
let token: string;
let base: string;
let dir: string;
let folder: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ token } = await t.signUp('vera'));
  dir = mkdtempSync(join(tmpdir(), 'ordo-vdirsyncer-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A project synced with its own folder (a todoman list), and the configs of both tools. */
async function syncedProject(name: string): Promise<{ projectId: number; config: string; todoman: string }> {
  const projectId = (await t.request('PUT', '/api/v1/projects', { token, body: { title: name } })).json().id;
  const password = (await t.request('PUT', '/api/v1/user/settings/token/caldav', { token })).json().token;
  folder = join(dir, 'calendars', name);
  mkdirSync(folder, { recursive: true });
  const config = join(dir, `${name}.vdirsyncer`);
  writeFileSync(
    config,
    [
      '[general]',
      `status_path = "${join(dir, `${name}-status`)}/"`,
      `[pair ${name}]`,
      `a = "${name}_laptop"`,
      `b = "${name}_ordo"`,
      'collections = null',
      // Both sides changed: the laptop's edit wins, sent with the server's ETag in If-Match.
      'conflict_resolution = "a wins"',
      `[storage ${name}_laptop]`,
      'type = "filesystem"',
      `path = "${folder}/"`,
      'fileext = ".ics"',
      `[storage ${name}_ordo]`,
      'type = "caldav"',
      `url = "${base}/dav/projects/${projectId}/"`,
      'username = "vera"',
      `password = "${password}"`,
      '',
    ].join('\n'),
  );
  const todoman = join(dir, `${name}.todoman.py`);
  writeFileSync(
    todoman,
    [
      `path = "${join(dir, 'calendars')}/*"`,
      'date_format = "%Y-%m-%d"',
      'time_format = "%H:%M"',
      `default_list = "${name}"`,
      `cache_path = "${join(dir, `${name}.todoman-cache.sqlite3`)}"`,
      '',
    ].join('\n'),
  );
  await run('vdirsyncer', ['-c', config, 'discover', name], { timeout: 60_000 });
  return { projectId, config, todoman };
}

async function sync(config: string): Promise<void> {
  try {
    await run('vdirsyncer', ['-c', config, 'sync'], { timeout: 240_000, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`vdirsyncer sync failed:\n${stdout}\n${stderr}`);
  }
}

interface TodomanTask {
  id: number;
  summary: string;
  completed: boolean;
  priority: number;
  due: number | null;
}

async function todoman(config: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('todoman', ['--config', config, ...args], { timeout: 60_000 });
  return stdout;
}

/** The tasks todoman lists in the folder synced last. */
async function laptopTasks(config: string): Promise<TodomanTask[]> {
  const all: (TodomanTask & { list: string })[] = JSON.parse(
    await todoman(config, '--porcelain', 'list', '--status', 'ANY'),
  );
  return all.filter((task) => task.list === folder.split('/').at(-1));
}

/** The laptop folder's objects by UID, unfolded. */
function laptopObjects(): Map<string, string> {
  const objects = new Map<string, string>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.ics'))) {
    const text = readFileSync(join(folder, file), 'utf8').replace(/\r?\n[ \t]/g, '');
    const uid = /^UID:(.*)$/m.exec(text)?.[1]?.trim() ?? '';
    expect(objects.has(uid), `UID ${uid} twice on the laptop`).toBe(false);
    objects.set(uid, text);
  }
  return objects;
}

/** The project's objects on the server by UID, unfolded, through CalDAV as a client reads them. */
async function serverObjects(projectId: number): Promise<Map<string, string>> {
  const password = (await t.request('PUT', '/api/v1/user/settings/token/caldav', { token })).json().token;
  const res = await fetch(`${base}/dav/projects/${projectId}/`, {
    headers: { authorization: `Basic ${Buffer.from(`vera:${password}`).toString('base64')}` },
  });
  const text = (await res.text()).replace(/\r?\n[ \t]/g, '');
  const objects = new Map<string, string>();
  for (const todo of text.split('BEGIN:VTODO').slice(1)) {
    const uid = /^UID:(.*)$/m.exec(todo)?.[1]?.trim() ?? '';
    expect(objects.has(uid), `UID ${uid} twice on the server`).toBe(false);
    objects.set(uid, todo.slice(0, todo.indexOf('END:VTODO')));
  }
  return objects;
}

async function apiTasks(projectId: number): Promise<{ id: number; title: string; due_date: string }[]> {
  const tasks: { id: number; title: string; due_date: string }[] = [];
  for (let page = 1; ; page++) {
    const res = await t.request('GET', `/api/v1/projects/${projectId}/tasks?page=${page}`, { token });
    expect(res.statusCode).toBe(200);
    tasks.push(...res.json());
    if (page >= Number(res.headers['x-pagination-total-pages'] ?? 1)) return tasks;
  }
}

async function renameInOrdo(id: number, title: string, extra: Record<string, unknown> = {}) {
  const task = (await t.request('GET', `/api/v1/tasks/${id}`, { token })).json();
  const res = await t.request('POST', `/api/v1/tasks/${id}`, { token, body: { ...task, title, ...extra } });
  expect(res.statusCode, res.body).toBe(200);
}

const lineOf = (text: string, name: string) =>
  text
    .split(/\r?\n/)
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
    ?.trim();

describe('vdirsyncer and todoman syncing a project', () => {
  it('keep a laptop task one task with its UID when renamed in Ordo and edited on the laptop', async () => {
    const { projectId, config, todoman: todo } = await syncedProject('Laptop');
    writeFileSync(
      join(folder, 'local-uid-42.ics'),
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//laptop//EN',
        'BEGIN:VTODO',
        'UID:local-uid-42@example.org',
        'DTSTAMP:20300101T000000Z',
        'SUMMARY:Pack for the trip',
        'DUE;VALUE=DATE:20301201',
        'END:VTODO',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    await sync(config);
    const [task] = await apiTasks(projectId);
    expect(await apiTasks(projectId)).toHaveLength(1);
    expect([...(await serverObjects(projectId)).keys()]).toEqual(['local-uid-42@example.org']);

    // At once: renamed in the web app, and edited on the laptop with todoman.
    await renameInOrdo(task?.id as number, 'web edit');
    const [local] = await laptopTasks(todo);
    await run('todoman', ['--config', todo, 'edit', '--raw', String(local?.id)], {
      env: { ...process.env, EDITOR: `sed -i -e 's/^SUMMARY:.*/SUMMARY:laptop edit/'` },
    });
    await sync(config);
    await sync(config);

    const tasks = await apiTasks(projectId);
    expect(tasks.map((x) => x.title)).toEqual(['laptop edit']);
    const server = await serverObjects(projectId);
    expect([...server.keys()]).toEqual(['local-uid-42@example.org']);
    expect(lineOf(server.get('local-uid-42@example.org') as string, 'DUE')).toBe('DUE;VALUE=DATE:20301201');
    const laptop = await laptopTasks(todo);
    expect(laptop.map((x) => x.summary)).toEqual(['laptop edit']);
    expect([...laptopObjects().keys()]).toEqual(['local-uid-42@example.org']);
  }, 120_000);

  it('complete a repeating task with todoman: this one done, the next one open, nothing more', async () => {
    const { projectId, config, todoman: todo } = await syncedProject('Chores');
    const made = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
      token,
      body: { title: 'Water the plants', due_date: '2031-01-04T09:00:00Z', repeat_after: 604_800 },
    });
    expect(made.statusCode).toBe(201);
    await sync(config);
    const [local] = await laptopTasks(todo);
    expect(local?.summary).toBe('Water the plants');
    // todoman sends this task done without its rule, and the next one as a new task.
    await todoman(todo, 'done', String(local?.id));
    await sync(config);
    await sync(config);

    const tasks = (await t.request('GET', `/api/v1/projects/${projectId}/tasks`, { token })).json() as {
      title: string;
      done: boolean;
      due_date: string;
      repeat_after: number;
    }[];
    expect(tasks).toHaveLength(2);
    const [done, next] = [tasks.find((x) => x.done), tasks.find((x) => !x.done)];
    expect(done).toMatchObject({
      title: 'Water the plants',
      due_date: '2031-01-04T09:00:00Z',
      repeat_after: 0,
    });
    expect(next).toMatchObject({
      title: 'Water the plants',
      due_date: '2031-01-11T09:00:00Z',
      repeat_after: 604_800,
    });
    const laptop = await laptopTasks(todo);
    expect(laptop.map((x) => x.completed).sort()).toEqual([false, true]);
  }, 120_000);

  // A real client syncing 500 tasks twice takes a while on a busy machine: its own time limit.
  it('sync 500 tasks made on both sides, edited on both sides, to the same 500 everywhere', async () => {
    const { projectId, config, todoman: todo } = await syncedProject('Bulk');
    const laptopText = (i: number, summary: string, day: number) =>
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//laptop//EN',
        'BEGIN:VTODO',
        `UID:laptop-${i}@example.org`,
        'DTSTAMP:20300101T000000Z',
        `SUMMARY:${summary}`,
        `DUE;VALUE=DATE:203102${String(day).padStart(2, '0')}`,
        `PRIORITY:${(i % 9) + 1}`,
        'CATEGORIES:laptop',
        ...(i % 3 === 0 ? ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5'] : []),
        `X-LAPTOP-NUMBER:${i}`,
        'END:VTODO',
        'END:VCALENDAR',
        '',
      ].join('\r\n');
    for (let i = 0; i < 250; i++)
      writeFileSync(join(folder, `laptop-${i}.ics`), laptopText(i, `Laptop task ${i}`, (i % 28) + 1));
    for (let i = 0; i < 250; i++) {
      const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
        token,
        body: {
          title: `Ordo task ${i}`,
          due_date: `2031-03-${String((i % 28) + 1).padStart(2, '0')}T09:00:00Z`,
        },
      });
      expect(res.statusCode).toBe(201);
    }
    await sync(config);
    expect(await apiTasks(projectId)).toHaveLength(500);
    expect(laptopObjects().size).toBe(500);
    expect(await laptopTasks(todo)).toHaveLength(500);

    // Edits on both sides between two syncs: laptop tasks 0–49 and Ordo tasks 0–49 on the
    // laptop; laptop tasks 50–99 and Ordo tasks 50–99 in Ordo.
    const expected = new Map<string, string>();
    const byTitle = new Map((await apiTasks(projectId)).map((x) => [x.title, x.id]));
    const objects = laptopObjects();
    const files = new Map(
      readdirSync(folder).map((f) => [
        /^UID:(.*)$/m.exec(readFileSync(join(folder, f), 'utf8'))?.[1]?.trim(),
        f,
      ]),
    );
    for (let i = 0; i < 50; i++) {
      writeFileSync(
        join(folder, `laptop-${i}.ics`),
        laptopText(i, `Laptop task ${i} (edited on the laptop)`, 28),
      );
      expected.set(`laptop-${i}@example.org`, `Laptop task ${i} (edited on the laptop)`);
    }
    for (const [uid, text] of objects) {
      const i = /SUMMARY:Ordo task (\d+)$/m.exec(text)?.[1];
      if (i === undefined || Number(i) >= 50) continue;
      const file = join(folder, files.get(uid) as string);
      writeFileSync(
        file,
        readFileSync(file, 'utf8').replace(
          /SUMMARY:[^\r\n]*/,
          `SUMMARY:Ordo task ${i} (edited on the laptop)`,
        ),
      );
      expected.set(uid, `Ordo task ${i} (edited on the laptop)`);
    }
    for (let i = 50; i < 100; i++) {
      await renameInOrdo(byTitle.get(`Laptop task ${i}`) as number, `Laptop task ${i} (edited in Ordo)`, {
        due_date: '2031-04-10T00:00:00Z',
      });
      await renameInOrdo(byTitle.get(`Ordo task ${i}`) as number, `Ordo task ${i} (edited in Ordo)`);
      expected.set(`laptop-${i}@example.org`, `Laptop task ${i} (edited in Ordo)`);
    }
    await sync(config);

    const tasks = await apiTasks(projectId);
    expect(tasks).toHaveLength(500);
    const server = await serverObjects(projectId);
    const laptop = laptopObjects();
    expect(server.size).toBe(500);
    expect(laptop.size).toBe(500);
    expect([...laptop.keys()].sort()).toEqual([...server.keys()].sort());
    expect((await laptopTasks(todo)).length).toBe(500);
    for (const [uid, text] of server) {
      const local = laptop.get(uid) as string;
      for (const name of ['SUMMARY', 'DUE', 'PRIORITY', 'CATEGORIES', 'RRULE', 'X-LAPTOP-NUMBER'])
        expect(lineOf(local, name), `${name} of ${uid}`).toBe(lineOf(text, name));
      const summary = expected.get(uid);
      if (summary) expect(lineOf(text, 'SUMMARY')).toBe(`SUMMARY:${summary}`);
    }
    const titles = new Set(tasks.map((x) => x.title));
    for (let i = 50; i < 100; i++) expect(titles.has(`Ordo task ${i} (edited in Ordo)`)).toBe(true);
    for (let i = 0; i < 50; i++) expect(titles.has(`Ordo task ${i} (edited on the laptop)`)).toBe(true);
    // The laptop's own form survives the trip: all-day dates, its rule, its own property.
    expect(lineOf(server.get('laptop-3@example.org') as string, 'RRULE')).toBe(
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5',
    );
    expect(lineOf(server.get('laptop-60@example.org') as string, 'DUE')).toBe('DUE;VALUE=DATE:20310410');
    expect(lineOf(laptop.get('laptop-7@example.org') as string, 'DUE')).toBe('DUE;VALUE=DATE:20310228');
    expect(lineOf(server.get('laptop-7@example.org') as string, 'DUE')).toBe('DUE;VALUE=DATE:20310228');
  }, 400_000);
});
