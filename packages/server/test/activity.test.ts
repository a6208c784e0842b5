/**
 * Task activity: each change to a task's fields, assignees and labels is recorded with who made
 * it and the values before and after; read per task and per project by those who may read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'act');
});
afterAll(async () => t.close());

interface Entry {
  task_id: number;
  task_title: string;
  task_identifier: string;
  actor: { username: string } | null;
  field: string;
  before: unknown;
  after: unknown;
}

const activityOf = async (taskId: number, token = p.owner.token) => {
  const res = await t.request('GET', `/api/v1/tasks/${taskId}/activity`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Entry[];
};

describe('task activity', () => {
  it('records creation, each changed field, assignees and labels, newest first, with who did it', async () => {
    const task = await p.task('Draft plan', { priority: 1 });
    const update = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.writer.token,
      body: { ...task, title: 'Final plan', priority: 3, due_date: '2030-03-01T09:00:00Z' },
    });
    expect(update.statusCode, update.body).toBe(200);
    // The same values again record nothing.
    await t.request('POST', `/api/v1/tasks/${task.id}`, { token: p.writer.token, body: update.json() });
    const assign = await t.request('PUT', `/api/v1/tasks/${task.id}/assignees`, {
      token: p.owner.token,
      body: { user_id: p.writer.id },
    });
    expect(assign.statusCode, assign.body).toBe(201);
    const label = (
      await t.request('PUT', '/api/v1/labels', { token: p.owner.token, body: { title: 'urgent' } })
    ).json();
    await t.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
      token: p.owner.token,
      body: { label_id: label.id },
    });

    const entries = await activityOf(task.id);
    expect(entries.map((e) => [e.field, e.before, e.after, e.actor?.username])).toEqual([
      ['labels', [], [{ id: label.id, name: 'urgent' }], p.owner.username],
      ['assignees', [], [{ id: p.writer.id, name: p.writer.username }], p.owner.username],
      ['priority', 1, 3, p.writer.username],
      ['due_date', null, '2030-03-01T09:00:00Z', p.writer.username],
      ['title', 'Draft plan', 'Final plan', p.writer.username],
      ['created', null, null, p.owner.username],
    ]);
    expect(entries[0]).toMatchObject({
      task_id: task.id,
      task_title: 'Final plan',
      task_identifier: `#${task.index}`,
    });
  });

  it('shows a project feed of its tasks, paged, and follows a task moved to another project', async () => {
    const a = await p.task('Feed one');
    await t.request('POST', `/api/v1/tasks/${a.id}`, { token: p.owner.token, body: { ...a, done: true } });
    const feed = await t.request('GET', `/api/v1/projects/${p.projectId}/activity?per_page=2`, {
      token: p.reader.token,
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['x-pagination-total-pages']).toBeDefined();
    expect((feed.json() as Entry[]).map((e) => [e.task_title, e.field, e.after])).toEqual([
      ['Feed one', 'done', true],
      ['Feed one', 'created', null],
    ]);
    const other = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Elsewhere' } })
    ).json();
    await t.request('POST', `/api/v1/tasks/${a.id}`, {
      token: p.owner.token,
      body: { ...a, done: true, project_id: other.id },
    });
    const moved = (
      await t.request('GET', `/api/v1/projects/${other.id}/activity`, { token: p.owner.token })
    ).json();
    expect(moved.map((e: Entry) => e.field)).toEqual(['project_id', 'done', 'created']);
    const left = (
      await t.request('GET', `/api/v1/projects/${p.projectId}/activity`, { token: p.reader.token })
    ).json();
    expect(left.map((e: Entry) => e.task_id)).not.toContain(a.id);
  });

  it('is refused to those who cannot read the task or project (403), and unknown ids (4002, 3001)', async () => {
    const task = await p.task('Private history');
    expect(
      (await t.request('GET', `/api/v1/tasks/${task.id}/activity`, { token: p.stranger.token })).statusCode,
    ).toBe(403);
    expect(
      (await t.request('GET', `/api/v1/projects/${p.projectId}/activity`, { token: p.stranger.token }))
        .statusCode,
    ).toBe(403);
    const missingTask = await t.request('GET', '/api/v1/tasks/999999/activity', { token: p.owner.token });
    expect(missingTask.json().code).toBe(4002);
    const missingProject = await t.request('GET', '/api/v1/projects/999999/activity', {
      token: p.owner.token,
    });
    expect(missingProject.json().code).toBe(3001);
  });

  it('keeps a failed update out of the history (one transaction)', async () => {
    const task = await p.task('Atomic');
    const bad = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { ...task, title: 'Changed', assignees: [{ id: p.stranger.id }] },
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect((await activityOf(task.id)).map((e) => e.field)).toEqual(['created']);
  });

  it('prunes entries older than ORDO_ACTIVITY_DAYS in housekeeping', async () => {
    const task = await p.task('Old news');
    await t.app.ordo.db.kysely
      .updateTable('task_activity')
      .set({ created: '2000-01-01T00:00:00Z' })
      .where('task_id', '=', task.id)
      .execute();
    const { ActivityRepo } = await import('../src/modules/activity/repo.js');
    const removed = await new ActivityRepo(t.app.ordo.db.kysely).pruneBefore('2001-01-01T00:00:00Z');
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await activityOf(task.id)).toEqual([]);
  });
});
