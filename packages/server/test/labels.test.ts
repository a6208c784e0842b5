import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let stranger: { token: string; id: number };
let project: { id: number };
let task: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('labelowner');
  stranger = await t.signUp('labelstranger');
  project = (
    await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Labelled' } })
  ).json();
  task = (
    await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: owner.token,
      body: { title: 'Task' },
    })
  ).json();
});
afterAll(async () => t.close());

async function createLabel(title: string, token = owner.token, extra: Record<string, unknown> = {}) {
  const res = await t.request('PUT', '/api/v1/labels', { token, body: { title, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('label CRUD', () => {
  it('creates a label with a normalised colour and its creator', async () => {
    const label = await createLabel('Bug', owner.token, { hex_color: '#aabbcc', description: 'broken' });
    expect(label).toMatchObject({
      title: 'Bug',
      description: 'broken',
      hex_color: 'aabbcc',
      created_by: { id: owner.id, username: 'labelowner' },
    });
    const empty = await t.request('PUT', '/api/v1/labels', { token: owner.token, body: { title: '' } });
    expect(empty.statusCode).toBe(412);
    expect(empty.json().invalid_fields).toEqual(['title: non zero value required']);
  });

  it('lists own labels alphabetically, page by page, with search', async () => {
    const user = await t.signUp('labellister');
    for (const title of ['zeta', 'Alpha', 'mid']) await createLabel(title, user.token);
    const res = await t.request('GET', '/api/v1/labels', { token: user.token });
    expect(res.json().map((l: { title: string }) => l.title)).toEqual(['Alpha', 'mid', 'zeta']);
    expect(res.headers['x-pagination-result-count']).toBe('3');
    const page = await t.request('GET', '/api/v1/labels?per_page=2&page=2', { token: user.token });
    expect(page.json().map((l: { title: string }) => l.title)).toEqual(['zeta']);
    const search = await t.request('GET', '/api/v1/labels?s=ALP', { token: user.token });
    expect(search.json().map((l: { title: string }) => l.title)).toEqual(['Alpha']);
  });

  it('reads a label: creator right 2; strangers 403; a missing one 403 too', async () => {
    const label = await createLabel('Readable');
    const res = await t.request('GET', `/api/v1/labels/${label.id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-max-right']).toBe('2');
    const foreign = await t.request('GET', `/api/v1/labels/${label.id}`, { token: stranger.token });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 0, message: "You don't have the right to see this" });
    // A missing label is not told apart from someone else's (reference §5.13).
    const missing = await t.request('GET', '/api/v1/labels/99999', { token: owner.token });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ code: 0, message: "You don't have the right to see this" });
  });

  it('lets only the creator update and delete (8003), missing 8002', async () => {
    const label = await createLabel('Mine');
    const foreign = await t.request('POST', `/api/v1/labels/${label.id}`, {
      token: stranger.token,
      body: { title: 'Stolen' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe(8003);
    const foreignDelete = await t.request('DELETE', `/api/v1/labels/${label.id}`, { token: stranger.token });
    expect(foreignDelete.json().code).toBe(8003);
    const updated = await t.request('POST', `/api/v1/labels/${label.id}`, {
      token: owner.token,
      body: { title: 'Renamed', hex_color: '#123456' },
    });
    expect(updated.json()).toMatchObject({ title: 'Renamed', hex_color: '123456' });
    const missing = await t.request('POST', '/api/v1/labels/99999', {
      token: owner.token,
      body: { title: 'x' },
    });
    expect(missing.json().code).toBe(8002);
    const deleted = await t.request('DELETE', `/api/v1/labels/${label.id}`, { token: owner.token });
    expect(deleted.json()).toEqual({ message: 'Successfully deleted.' });
    const gone = await t.request('GET', `/api/v1/labels/${label.id}`, { token: owner.token });
    expect(gone.statusCode).toBe(403);
  });
});

describe('labels on tasks', () => {
  it('attaches, lists, refuses duplicates (8001), detaches', async () => {
    const label = await createLabel('Attached');
    const add = await t.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
      token: owner.token,
      body: { label_id: label.id },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json().label_id).toBe(label.id);
    const again = await t.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
      token: owner.token,
      body: { label_id: label.id },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(8001);
    const listed = await t.request('GET', `/api/v1/tasks/${task.id}/labels`, { token: owner.token });
    expect(listed.json().map((l: { id: number }) => l.id)).toEqual([label.id]);
    const read = (await t.request('GET', `/api/v1/tasks/${task.id}`, { token: owner.token })).json();
    expect(read.labels.map((l: { title: string }) => l.title)).toEqual(['Attached']);
    const del = await t.request('DELETE', `/api/v1/tasks/${task.id}/labels/${label.id}`, {
      token: owner.token,
    });
    expect(del.json()).toEqual({ message: 'Successfully deleted.' });
    const notOn = await t.request('DELETE', `/api/v1/tasks/${task.id}/labels/${label.id}`, {
      token: owner.token,
    });
    expect(notOn.statusCode).toBe(403);
    expect(
      (await t.request('GET', `/api/v1/tasks/${task.id}`, { token: owner.token })).json().labels,
    ).toBeNull();
  });

  it('checks rights: missing label 8002, invisible label 403, stranger 403/4005, missing task 4002', async () => {
    const missing = await t.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
      token: owner.token,
      body: { label_id: 99999 },
    });
    expect(missing.json().code).toBe(8002);
    const theirs = await createLabel('Theirs', stranger.token);
    const invisible = await t.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
      token: owner.token,
      body: { label_id: theirs.id },
    });
    expect(invisible.statusCode).toBe(403);
    const mine = await createLabel('Owned');
    const foreign = await t.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
      token: stranger.token,
      body: { label_id: theirs.id },
    });
    expect(foreign.statusCode).toBe(403);
    const foreignList = await t.request('GET', `/api/v1/tasks/${task.id}/labels`, { token: stranger.token });
    expect(foreignList.statusCode).toBe(403);
    expect(foreignList.json().code).toBe(4005);
    const noTask = await t.request('PUT', '/api/v1/tasks/99999/labels', {
      token: owner.token,
      body: { label_id: mine.id },
    });
    expect(noTask.json().code).toBe(4002);
  });

  it('makes a label visible to whoever can see a task carrying it', async () => {
    const label = await createLabel('Shared through task');
    await t.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
      token: owner.token,
      body: { label_id: label.id },
    });
    // The stranger still cannot see the owner's task, so the label stays hidden.
    expect((await t.request('GET', `/api/v1/labels/${label.id}`, { token: stranger.token })).statusCode).toBe(
      403,
    );
    const visible = await t.request('GET', '/api/v1/labels', { token: owner.token });
    expect(visible.json().some((l: { id: number }) => l.id === label.id)).toBe(true);
  });

  it('replaces all labels with bulk', async () => {
    const a = await createLabel('bulk a');
    const b = await createLabel('bulk b');
    const fresh = (
      await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
        token: owner.token,
        body: { title: 'Bulk' },
      })
    ).json();
    await t.request('PUT', `/api/v1/tasks/${fresh.id}/labels`, {
      token: owner.token,
      body: { label_id: a.id },
    });
    const res = await t.request('POST', `/api/v1/tasks/${fresh.id}/labels/bulk`, {
      token: owner.token,
      body: { labels: [{ id: b.id }] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().labels.map((l: { id: number }) => l.id)).toEqual([b.id]);
    const cleared = await t.request('POST', `/api/v1/tasks/${fresh.id}/labels/bulk`, {
      token: owner.token,
      body: { labels: [] },
    });
    expect(cleared.json().labels).toEqual([]);
    // A label the caller cannot see (the stranger's own): 8003, and nothing changes.
    const theirs = await createLabel('not yours', stranger.token);
    const unseen = await t.request('POST', `/api/v1/tasks/${fresh.id}/labels/bulk`, {
      token: owner.token,
      body: { labels: [{ id: a.id }, { id: theirs.id }] },
    });
    expect(unseen.statusCode).toBe(403);
    expect(unseen.json()).toEqual({ code: 8003, message: "You don't have access to this label." });
    const still = await t.request('GET', `/api/v1/tasks/${fresh.id}`, { token: owner.token });
    expect(still.json().labels).toBeNull();
    const foreign = await t.request('POST', `/api/v1/tasks/${fresh.id}/labels/bulk`, {
      token: stranger.token,
      body: { labels: [] },
    });
    expect(foreign.statusCode).toBe(403);
    const missing = await t.request('POST', '/api/v1/tasks/99999/labels/bulk', {
      token: owner.token,
      body: { labels: [] },
    });
    expect(missing.json().code).toBe(4002);
  });

  it('answers 3008 for label changes on tasks of archived projects', async () => {
    const p = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Frozen' } })
    ).json();
    const frozen = (
      await t.request('PUT', `/api/v1/projects/${p.id}/tasks`, { token: owner.token, body: { title: 'Ice' } })
    ).json();
    const label = await createLabel('Cold');
    await t.request('POST', `/api/v1/projects/${p.id}`, {
      token: owner.token,
      body: { title: 'Frozen', is_archived: true },
    });
    const res = await t.request('PUT', `/api/v1/tasks/${frozen.id}/labels`, {
      token: owner.token,
      body: { label_id: label.id },
    });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(3008);
    const edit = await t.request('POST', `/api/v1/tasks/${frozen.id}`, {
      token: owner.token,
      body: { title: 'x' },
    });
    expect(edit.json().code).toBe(3008);
    const del = await t.request('DELETE', `/api/v1/tasks/${frozen.id}`, { token: owner.token });
    expect(del.json().code).toBe(3008);
  });
});
