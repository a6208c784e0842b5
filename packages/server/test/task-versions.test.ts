// Conditional task updates: ETag on reads and writes, If-Match refusing a stale write with 412.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let projectId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('versionowner');
  projectId = (
    await t.request('PUT', '/api/v1/projects', {
      token: owner.token,
      body: { title: 'Versions', identifier: 'ver' },
    })
  ).json().id;
});
afterAll(async () => t?.close());

async function newTask(title: string) {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
    token: owner.token,
    body: { title, description: '<p>original</p>' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string; updated: string; index: number };
}

const read = (id: number) => t.request('GET', `/api/v1/tasks/${id}`, { token: owner.token });

const save = (id: number, body: Record<string, unknown>, ifMatch?: string) =>
  t.request('POST', `/api/v1/tasks/${id}`, {
    token: owner.token,
    body,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });

describe('task versions', () => {
  it('sends a strong ETag on reads (by id and by index) and a new one after each write', async () => {
    const task = await newTask('tagged');
    const first = await read(task.id);
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    const byIndex = await t.request('GET', `/api/v1/projects/${projectId}/tasks/by-index/${task.index}`, {
      token: owner.token,
    });
    expect(byIndex.headers.etag).toBe(tag);
    // Two writes within the same second still get two versions: the tag is not `updated` alone.
    const a = await save(task.id, { ...first.json(), title: 'tagged A' }, tag);
    expect(a.statusCode, a.body).toBe(200);
    const b = await save(task.id, { ...a.json(), title: 'tagged B' }, a.headers.etag as string);
    expect(b.statusCode, b.body).toBe(200);
    expect(new Set([tag, a.headers.etag, b.headers.etag]).size).toBe(3);
    expect((await read(task.id)).headers.etag).toBe(b.headers.etag);
  });

  it('refuses a write with a stale If-Match (412, 30070) and answers the current task', async () => {
    const task = await newTask('contested');
    const loaded = await read(task.id);
    const tag = loaded.headers.etag as string;
    const mine = await save(task.id, { ...loaded.json(), description: '<p>mine</p>' }, tag);
    expect(mine.statusCode).toBe(200);
    const theirs = await save(task.id, { ...loaded.json(), description: '<p>theirs</p>' }, tag);
    expect(theirs.statusCode).toBe(412);
    expect(theirs.json()).toMatchObject({
      code: 30070,
      task: { id: task.id, description: '<p>mine</p>' },
      version: mine.headers.etag,
    });
    expect((await read(task.id)).json().description).toBe('<p>mine</p>');
  });

  it('keeps last-write-wins for clients without If-Match, stale `updated` in the body or not', async () => {
    const task = await newTask('vikunja app');
    const loaded = (await read(task.id)).json();
    expect((await save(task.id, { ...loaded, title: 'first' })).statusCode).toBe(200);
    const second = await save(task.id, { ...loaded, title: 'second', updated: '2001-01-01T00:00:00Z' });
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toMatch(/^"/);
    expect((await read(task.id)).json().title).toBe('second');
  });

  it('matches `*`, and never a weak, malformed or empty tag', async () => {
    const task = await newTask('star');
    const loaded = await read(task.id);
    const tag = loaded.headers.etag as string;
    for (const bad of [`W/${tag}`, tag.slice(1, -1), '', '"nope"']) {
      const res = await save(task.id, { ...loaded.json(), title: 'never' }, bad);
      expect(res.statusCode, bad).toBe(412);
      expect(res.json().code).toBe(30070);
    }
    const listed = await save(task.id, { ...loaded.json(), title: 'listed' }, `"other", ${tag}`);
    expect(listed.statusCode).toBe(200);
    const star = await save(task.id, { ...loaded.json(), title: 'star' }, '*');
    expect(star.statusCode).toBe(200);
    expect((await read(task.id)).json().title).toBe('star');
  });

  it('lets exactly one of concurrent writers of one version through', async () => {
    const task = await newTask('race');
    const loaded = await read(task.id);
    const tag = loaded.headers.etag as string;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save(task.id, { ...loaded.json(), title: `racer ${i}` }, tag)),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 412)).toHaveLength(5);
    expect((await read(task.id)).json().title).toBe(won[0]?.json().title);
  });

  it('keeps the version when a label or a subtask is linked: a save from before still goes through', async () => {
    const task = await newTask('linked meanwhile');
    const loaded = await read(task.id);
    const tag = loaded.headers.etag as string;
    const label = await t.request('PUT', '/api/v1/labels', {
      token: owner.token,
      body: { title: 'meanwhile' },
    });
    const linked = await t.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
      token: owner.token,
      body: { label_id: label.json().id },
    });
    expect(linked.statusCode, linked.body).toBe(201);
    const child = await newTask('child meanwhile');
    const related = await t.request('PUT', `/api/v1/tasks/${task.id}/relations`, {
      token: owner.token,
      body: { other_task_id: child.id, relation_kind: 'subtask' },
    });
    expect(related.statusCode, related.body).toBe(201);
    // Neither changes a field the save writes (CalDAV's SEQUENCE rose, which is not REST's business).
    expect((await read(task.id)).headers.etag).toBe(tag);
    const saved = await save(task.id, { ...loaded.json(), title: 'renamed after all' }, tag);
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await read(task.id)).json();
    expect(after.title).toBe('renamed after all');
    expect(after.labels.map((l: { title: string }) => l.title)).toEqual(['meanwhile']);
  });

  it('answers 4002 for a missing task before looking at If-Match', async () => {
    const res = await save(999_999, { title: 'x' }, '"whatever"');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(4002);
  });
});
