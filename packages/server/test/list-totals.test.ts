/**
 * A filtered list's total is kept between requests while nothing it counts changes
 * (tasks/list-totals.ts, migration 0062). Each test asks a total twice (so it is kept), changes
 * what it counts the way a user does, and asks again: the pages must follow at once.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'totals');
});
afterAll(async () => t.close());

/** The total of a list (one task a page, so the page count is the total), asked twice. */
async function total(url: string, filter: string, token = p.owner.token): Promise<number> {
  const sep = url.includes('?') ? '&' : '?';
  const asked = `/api/v1${url}${sep}per_page=1&filter=${encodeURIComponent(filter)}`;
  let pages = '';
  for (let i = 0; i < 2; i++) {
    const res = await t.request('GET', asked, { token });
    expect(res.statusCode, res.body).toBe(200);
    const these = String(res.headers['x-pagination-total-pages']);
    if (i === 1) expect(these, 'the second asking answers as the first').toBe(pages);
    pages = these;
  }
  return Number(pages);
}

const call = async (
  method: 'PUT' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  token = p.owner.token,
) => {
  const res = await t.request(method, `/api/v1${url}`, { token, body });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

const all = '/tasks/all';
const own = () => `/projects/${p.projectId}/tasks`;

describe('a kept total follows', () => {
  it('tasks made, changed, moved away and deleted', async () => {
    const filter = 'priority >= 4 && done = false';
    const before = await total(own(), filter);
    const a = await p.task('urgent a', { priority: 5 });
    const b = await p.task('urgent b', { priority: 4 });
    expect(await total(own(), filter)).toBe(before + 2);
    await call('POST', `/tasks/${a.id}`, { ...a, priority: 1 });
    expect(await total(own(), filter)).toBe(before + 1);
    await call('POST', `/tasks/${b.id}`, { ...b, done: true });
    expect(await total(own(), filter)).toBe(before);
    const c = await p.task('urgent c', { priority: 5 });
    expect(await total(own(), filter)).toBe(before + 1);
    const elsewhere = await call('PUT', '/projects', { title: 'Elsewhere' });
    await call('POST', `/tasks/${c.id}`, { ...c, project_id: elsewhere.id });
    expect(await total(own(), filter)).toBe(before);
    expect(await total(`/projects/${elsewhere.id}/tasks`, filter)).toBe(1);
    await call('DELETE', `/tasks/${c.id}`);
    expect(await total(`/projects/${elsewhere.id}/tasks`, filter)).toBe(0);
  });

  it('labels and assignees put on and taken off', async () => {
    const task = await p.task('labelled', { priority: 2 });
    const label = await call('PUT', '/labels', { title: 'totals-label' });
    const labelled = `labels in ${label.id} && priority >= 0`;
    expect(await total(all, labelled)).toBe(0);
    await call('PUT', `/tasks/${task.id}/labels`, { label_id: label.id });
    expect(await total(all, labelled)).toBe(1);
    await call('DELETE', `/tasks/${task.id}/labels/${label.id}`);
    expect(await total(all, labelled)).toBe(0);

    const assigned = `assignees in ${p.writer.username} && priority >= 0`;
    expect(await total(all, assigned)).toBe(0);
    await call('PUT', `/tasks/${task.id}/assignees`, { user_id: p.writer.id });
    expect(await total(all, assigned)).toBe(1);
    // A username changed under the filter (as a directory sync may): no longer that user's.
    const db = t.app.ordo.db.kysely;
    await sql`UPDATE users SET username = ${`${p.writer.username}x`} WHERE id = ${p.writer.id}`.execute(db);
    try {
      expect(await total(all, assigned)).toBe(0);
    } finally {
      await sql`UPDATE users SET username = ${p.writer.username} WHERE id = ${p.writer.id}`.execute(db);
    }
    expect(await total(all, assigned)).toBe(1);
    await call('DELETE', `/tasks/${task.id}/assignees/${p.writer.id}`);
    expect(await total(all, assigned)).toBe(0);
  });

  it('reminders, favourites and custom field values', async () => {
    const task = await p.task('reminded', { priority: 3 });
    const reminded = 'reminders > 2040-01-01 && priority >= 0';
    expect(await total(own(), reminded)).toBe(0);
    await call('POST', `/tasks/${task.id}`, { ...task, reminders: [{ reminder: '2040-02-01T10:00:00Z' }] });
    expect(await total(own(), reminded)).toBe(1);

    const favourites = '/projects/-1/tasks';
    const before = await total(favourites, 'priority >= 0');
    await call('POST', `/tasks/${task.id}`, { ...task, is_favorite: true });
    expect(await total(favourites, 'priority >= 0')).toBe(before + 1);
    // Another user's favourites are theirs alone.
    expect(await total(favourites, 'priority >= 0', p.writer.token)).toBe(0);

    const field = await call('PUT', `/projects/${p.projectId}/fields`, { title: 'Effort', kind: 'number' });
    const effort = 'Effort > 3 && priority >= 0';
    expect(await total(own(), effort)).toBe(0);
    await call('POST', `/tasks/${task.id}`, { ...task, custom_fields: { [field.id]: 5 } });
    expect(await total(own(), effort)).toBe(1);
    await call('POST', `/tasks/${task.id}`, { ...task, custom_fields: { [field.id]: 2 } });
    expect(await total(own(), effort)).toBe(0);
  });

  it('a task made a subtask of another leaves the top-level list', async () => {
    const view = (await call('PUT', `/projects/${p.projectId}/views`, { title: 'Flat', view_kind: 'list' }))
      .id;
    const topLevel = `/projects/${p.projectId}/views/${view}/tasks?expand[]=subtasks`;
    const parent = await p.task('parent', { priority: 5 });
    const child = await p.task('child', { priority: 5 });
    const before = await total(topLevel, 'priority >= 5');
    await call('PUT', `/tasks/${parent.id}/relations`, { other_task_id: child.id, relation_kind: 'subtask' });
    expect(await total(topLevel, 'priority >= 5')).toBe(before - 1);
    await call('DELETE', `/tasks/${parent.id}/relations/subtask/${child.id}`);
    expect(await total(topLevel, 'priority >= 5')).toBe(before);
  });

  it('a project shared and unshared, and each user sees only their own total', async () => {
    const filter = 'priority >= 0';
    const readerBefore = await total(all, filter, p.reader.token);
    const mine = await call('PUT', '/projects', { title: 'Not shared' });
    await call('PUT', `/projects/${mine.id}/tasks`, { title: 'private' });
    expect(await total(all, filter, p.reader.token)).toBe(readerBefore);
    await call('PUT', `/projects/${mine.id}/users`, { username: p.reader.username, right: 0 });
    expect(await total(all, filter, p.reader.token)).toBe(readerBefore + 1);
    await call('DELETE', `/projects/${mine.id}/users/${p.reader.username}`);
    expect(await total(all, filter, p.reader.token)).toBe(readerBefore);
  });
});

describe('versions', () => {
  const db = () => t.app.ordo.db.kysely;
  /** The version of project `id`, 0 while it has none. */
  async function version(id: number): Promise<number> {
    const row = await db()
      .selectFrom('project_list_versions')
      .select('version')
      .where('project_id', '=', id)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  it('a write to any table a count reads raises its project', async () => {
    const task = await p.task('written', { priority: 1 });
    const board = (
      await call('PUT', `/projects/${p.projectId}/views`, { title: 'Board', view_kind: 'kanban' })
    ).id as number;
    await sql`DELETE FROM task_buckets WHERE task_id = ${task.id}`.execute(db());
    const bucket = (
      await db()
        .selectFrom('buckets')
        .select('id')
        .where('project_view_id', '=', board)
        .executeTakeFirstOrThrow()
    ).id;
    const label = await call('PUT', '/labels', { title: 'versioned' });
    const field = await call('PUT', `/projects/${p.projectId}/fields`, { title: 'Size', kind: 'number' });
    const writes: [string, () => Promise<unknown>][] = [
      ['tasks', () => sql`UPDATE tasks SET percent_done = 0.5 WHERE id = ${task.id}`.execute(db())],
      ['label_tasks', () => call('PUT', `/tasks/${task.id}/labels`, { label_id: label.id })],
      ['task_assignees', () => call('PUT', `/tasks/${task.id}/assignees`, { user_id: p.writer.id })],
      [
        'task_reminders',
        () =>
          call('POST', `/tasks/${task.id}`, { ...task, reminders: [{ reminder: '2041-01-01T00:00:00Z' }] }),
      ],
      [
        'task_field_values',
        () => call('POST', `/tasks/${task.id}`, { ...task, custom_fields: { [field.id]: 1 } }),
      ],
      ['favorites', () => call('POST', `/tasks/${task.id}`, { ...task, is_favorite: true })],
      [
        'task_positions',
        () => call('POST', `/tasks/${task.id}/position`, { position: 123.5, project_view_id: board }),
      ],
      [
        'task_buckets',
        () =>
          sql`INSERT INTO task_buckets (task_id, project_view_id, bucket_id) VALUES (${task.id}, ${board}, ${bucket})`.execute(
            db(),
          ),
      ],
      [
        'task_buckets (moved)',
        () => sql`UPDATE task_buckets SET position = 7 WHERE task_id = ${task.id}`.execute(db()),
      ],
      [
        'task_buckets (deleted)',
        () => sql`DELETE FROM task_buckets WHERE task_id = ${task.id}`.execute(db()),
      ],
      [
        'project_subtasks',
        () =>
          sql`INSERT INTO project_subtasks (task_id, project_id) VALUES (${task.id}, ${p.projectId})`.execute(
            db(),
          ),
      ],
      [
        'project_subtasks (deleted)',
        () => sql`DELETE FROM project_subtasks WHERE task_id = ${task.id}`.execute(db()),
      ],
    ];
    for (const [what, write] of writes) {
      const before = await version(p.projectId);
      await write();
      expect(await version(p.projectId), what).toBeGreaterThan(before);
    }
    const every = await version(0);
    await sql`UPDATE users SET name = 'renamed' WHERE id = ${p.writer.id}`.execute(db());
    expect(await version(0), 'a name is no username').toBe(every);
    await sql`UPDATE users SET username = 'totalswriter2' WHERE id = ${p.writer.id}`.execute(db());
    await sql`UPDATE users SET username = ${p.writer.username} WHERE id = ${p.writer.id}`.execute(db());
    expect(await version(0)).toBe(every + 2);
  });

  it('a kept total is answered while its versions stand, and counted again when they move', async () => {
    const filter = 'priority = 2 && done = true';
    const start = await total(own(), filter);
    const task = await p.task('kept', { priority: 2, done: true });
    await p.task('kept too', { priority: 2, done: true });
    expect(await total(own(), filter)).toBe(start + 2);
    // Put the versions back to where the total was kept: the kept (now stale) total answers.
    // (A page with no task has no pages, whatever the total: one matching task stays.)
    const raised = await version(p.projectId);
    const setVersion = (v: number) =>
      sql`UPDATE project_list_versions SET version = ${v} WHERE project_id = ${p.projectId}`.execute(db());
    await sql`DELETE FROM tasks WHERE id = ${task.id}`.execute(db());
    await setVersion(raised);
    expect(await total(own(), filter)).toBe(start + 2);
    await setVersion(raised + 1);
    expect(await total(own(), filter)).toBe(start + 1);
  });
});
