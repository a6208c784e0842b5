import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'blk');
});
afterAll(async () => t.close());

const bulk = (body: Record<string, unknown>, token = p.owner.token) =>
  t.request('POST', '/api/v1/tasks/bulk', { token, body });

const read = async (id: number) =>
  (await t.request('GET', `/api/v1/tasks/${id}`, { token: p.owner.token })).json();

describe('bulk task update (v0.24 body)', () => {
  it('applies the sent values to every task and keeps what was not sent', async () => {
    const a = await p.task('Alpha', {
      priority: 1,
      description: 'keep me',
      due_date: '2040-01-01T10:00:00Z',
      assignees: [{ id: p.reader.id }],
      reminders: [{ relative_to: 'due_date', relative_period: -60 }],
    });
    const b = await p.task('Beta', { hex_color: 'ff0000' });
    const res = await bulk({ task_ids: [a.id, b.id], priority: 4, due_date: '2041-02-02T12:00:00Z' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().task_ids).toEqual([a.id, b.id]);
    expect(res.json().tasks.map((x: { priority: number }) => x.priority)).toEqual([4, 4]);
    const alpha = await read(a.id);
    expect(alpha).toMatchObject({
      title: 'Alpha',
      description: 'keep me',
      priority: 4,
      due_date: '2041-02-02T12:00:00Z',
    });
    expect(alpha.assignees.map((u: { id: number }) => u.id)).toEqual([p.reader.id]);
    // The relative reminder follows the moved due date.
    expect(alpha.reminders).toEqual([
      { reminder: '2041-02-02T11:59:00Z', relative_period: -60, relative_to: 'due_date' },
    ]);
    expect(await read(b.id)).toMatchObject({ title: 'Beta', hex_color: 'ff0000', priority: 4 });
  });

  it('marks tasks done and undone; repeating ones move on and stay open', async () => {
    const plain = await p.task('Plain');
    // Far ahead: a due date already past would move on until it is in the future, not by one day.
    const repeating = await p.task('Repeating', { due_date: '2099-03-01T08:00:00Z', repeat_after: 86400 });
    const done = await bulk({ task_ids: [plain.id, repeating.id], done: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(await read(plain.id)).toMatchObject({ done: true });
    expect(await read(repeating.id)).toMatchObject({ done: false, due_date: '2099-03-02T08:00:00Z' });
    await bulk({ task_ids: [plain.id] });
    expect((await read(plain.id)).done).toBe(false);
  });

  it('replaces assignees only when the body carries them', async () => {
    const a = await p.task('Assigned', { assignees: [{ id: p.writer.id }] });
    await bulk({ task_ids: [a.id], assignees: [{ id: p.reader.id }] });
    expect((await read(a.id)).assignees.map((u: { id: number }) => u.id)).toEqual([p.reader.id]);
    const outsider = await bulk({ task_ids: [a.id], assignees: [{ id: p.stranger.id }] });
    expect(outsider.json().code).toBe(7003);
  });

  it('answers 4004 without tasks, 4003 across projects, 403 without write, all or nothing', async () => {
    expect((await bulk({ task_ids: [] })).json().code).toBe(4004);
    expect((await bulk({})).json().code).toBe(4004);
    expect((await bulk({ task_ids: [999999] })).json().code).toBe(4004);
    const other = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Other' } })
    ).json();
    const elsewhere = (
      await t.request('PUT', `/api/v1/projects/${other.id}/tasks`, {
        token: p.owner.token,
        body: { title: 'Elsewhere' },
      })
    ).json();
    const here = await p.task('Here');
    const mixed = await bulk({ task_ids: [here.id, elsewhere.id], priority: 3 });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().code).toBe(4003);
    expect((await read(here.id)).priority).toBe(0);
    const reader = await bulk({ task_ids: [here.id], priority: 3 }, p.reader.token);
    expect(reader.statusCode).toBe(403);
    const stranger = await bulk({ task_ids: [here.id], priority: 3 }, p.stranger.token);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('Here');
    const writer = await bulk({ task_ids: [here.id], priority: 3 }, p.writer.token);
    expect(writer.statusCode).toBe(200);
    // A bad repeat on one task fails the whole request and changes nothing.
    const bad = await bulk({ task_ids: [here.id], priority: 5, repeat_after: 999_999_999 });
    expect(bad.json().code).toBe(4029);
    expect((await read(here.id)).priority).toBe(3);
  });

  it('moves tasks to another writable project', async () => {
    const target = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Target' } })
    ).json();
    const a = await p.task('Mover');
    const res = await bulk({ task_ids: [a.id], project_id: target.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await read(a.id)).project_id).toBe(target.id);
  });
});

describe('bulk task update (fields/values body)', () => {
  it('sets exactly the listed fields, even to empty values; unknown fields answer 4027', async () => {
    const a = await p.task('Listed', { priority: 2, hex_color: '00ff00' });
    const res = await bulk({
      task_ids: [a.id],
      fields: ['priority', 'hex_color'],
      values: { priority: 0, hex_color: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await read(a.id)).toMatchObject({ title: 'Listed', priority: 0, hex_color: '' });
    const bad = await bulk({ task_ids: [a.id], fields: ['labels'], values: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(4027);
  });
});

describe('bulk task update echo', () => {
  it('echoes descriptions as they were stored, without the markup the server refused', async () => {
    const a = await p.task('Echoed');
    const unsafe = '<p>Hi<img src=x onerror="alert(1)"><script>alert(2)</script></p>';
    const top = await bulk({ task_ids: [a.id], description: unsafe });
    expect(top.statusCode, top.body).toBe(200);
    const listed = await bulk({ task_ids: [a.id], fields: ['description'], values: { description: unsafe } });
    expect(listed.statusCode, listed.body).toBe(200);
    const stored = (await read(a.id)).description;
    expect(stored).not.toMatch(/onerror|<script/);
    expect(top.json().description).toBe(stored);
    expect(listed.json().values.description).toBe(stored);
    expect(listed.json().tasks[0].description).toBe(stored);
  });
});
