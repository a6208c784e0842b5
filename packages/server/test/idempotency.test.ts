// The Idempotency-Key header on creates: a retry gets the first answer and never creates twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let other: { token: string; id: number };
let projectId: number;
let otherProjectId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('keyowner');
  other = await t.signUp('keyother');
  projectId = (
    await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Keys' } })
  ).json().id;
  otherProjectId = (
    await t.request('PUT', '/api/v1/projects', { token: other.token, body: { title: 'Other keys' } })
  ).json().id;
});

afterAll(async () => {
  await t?.close();
});

async function titles(token: string, project: number): Promise<string[]> {
  const res = await t.request('GET', `/api/v1/projects/${project}/tasks?per_page=500`, { token });
  expect(res.statusCode).toBe(200);
  return (res.json() as { title: string }[]).map((task) => task.title).sort();
}

const createTask = (token: string, project: number, title: string, key?: string) =>
  t.request('PUT', `/api/v1/projects/${project}/tasks`, {
    token,
    body: { title },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

describe('Idempotency-Key on creates', () => {
  it('answers a sequential retry with the first answer and creates once', async () => {
    const first = await createTask(owner.token, projectId, 'sequential', 'key-seq-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await createTask(owner.token, projectId, 'sequential', 'key-seq-1');
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toContain('application/json');
    expect(retry.json()).toEqual(first.json());
    const third = await createTask(owner.token, projectId, 'sequential', 'key-seq-1');
    expect(third.json().id).toBe(first.json().id);
    expect((await titles(owner.token, projectId)).filter((x) => x === 'sequential')).toHaveLength(1);
    // Without a key, the same body creates again, as before.
    await createTask(owner.token, projectId, 'sequential');
    expect((await titles(owner.token, projectId)).filter((x) => x === 'sequential')).toHaveLength(2);
  });

  it('never creates twice for concurrent requests with one key', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => createTask(owner.token, projectId, 'concurrent', 'key-concurrent')),
    );
    const done = answers.filter((a) => a.statusCode === 201);
    const busy = answers.filter((a) => a.statusCode === 409);
    expect(done.length + busy.length).toBe(answers.length);
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((a) => a.json().id)).size).toBe(1);
    for (const a of busy) expect(a.json().code).toBe(30062);
    expect((await titles(owner.token, projectId)).filter((x) => x === 'concurrent')).toHaveLength(1);
    // Once the first has finished, a retry gets its answer.
    const retry = await createTask(owner.token, projectId, 'concurrent', 'key-concurrent');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(done[0]?.json().id);
  });

  it('refuses the same key with another body or another address (422, 30061)', async () => {
    const first = await createTask(owner.token, projectId, 'original', 'key-mismatch');
    expect(first.statusCode).toBe(201);
    const otherBody = await createTask(owner.token, projectId, 'changed', 'key-mismatch');
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().code).toBe(30061);
    expect(otherBody.json().message).toMatch(/Idempotency-Key was already used/);
    const otherPath = await t.request('PUT', '/api/v1/labels', {
      token: owner.token,
      body: { title: 'original' },
      headers: { 'idempotency-key': 'key-mismatch' },
    });
    expect(otherPath.statusCode).toBe(422);
    const all = await titles(owner.token, projectId);
    expect(all).toContain('original');
    expect(all).not.toContain('changed');
  });

  it('keeps keys apart per user', async () => {
    const mine = await createTask(owner.token, projectId, 'scoped', 'key-shared');
    const theirs = await createTask(other.token, otherProjectId, 'scoped', 'key-shared');
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.json().project_id).toBe(otherProjectId);
    // The other user cannot read the first user's answer by guessing the key.
    const probe = await createTask(other.token, projectId, 'scoped', 'key-shared');
    expect(probe.statusCode).toBe(422);
    expect(await titles(other.token, otherProjectId)).toEqual(['scoped']);
  });

  it('forgets a key after 24 hours', async () => {
    const first = await createTask(owner.token, projectId, 'expiring', 'key-expiry');
    expect(first.statusCode).toBe(201);
    await t.app.ordo.db.kysely
      .updateTable('idempotency_keys')
      .set({ created: Date.now() - 25 * 60 * 60 * 1000 })
      .where('key', '=', 'key-expiry')
      .execute();
    const later = await createTask(owner.token, projectId, 'expiring', 'key-expiry');
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().id).not.toBe(first.json().id);
    expect((await titles(owner.token, projectId)).filter((x) => x === 'expiring')).toHaveLength(2);
  });

  it('replays a refusal too, and gives the key back after a failure that wrote nothing', async () => {
    const refused = await t.request('PUT', `/api/v1/projects/${otherProjectId}/tasks`, {
      token: owner.token,
      body: { title: 'not mine' },
      headers: { 'idempotency-key': 'key-refused' },
    });
    expect(refused.statusCode).toBe(403);
    const again = await t.request('PUT', `/api/v1/projects/${otherProjectId}/tasks`, {
      token: owner.token,
      body: { title: 'not mine' },
      headers: { 'idempotency-key': 'key-refused' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a malformed key (400, 30060) and works on other creates (labels, projects)', async () => {
    const long = await createTask(owner.token, projectId, 'long key', 'k'.repeat(256));
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe(30060);
    expect(await titles(owner.token, projectId)).not.toContain('long key');
    const label = () =>
      t.request('PUT', '/api/v1/labels', {
        token: owner.token,
        body: { title: 'once' },
        headers: { 'idempotency-key': 'key-label' },
      });
    const [a, b] = [await label(), await label()];
    expect(b.json().id).toBe(a.json().id);
    const labels = await t.request('GET', '/api/v1/labels', { token: owner.token });
    expect((labels.json() as { title: string }[]).filter((l) => l.title === 'once')).toHaveLength(1);
  });
});
