/**
 * Templates: a project or task saved as a template and used to create new ones, by its owner
 * only, with everything a new project needs (views, buckets, tasks in their buckets, labels,
 * reminders, relations) and nothing that belongs to people (assignees) or files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let helper: { token: string; id: number };
let stranger: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('tplowner');
  helper = await t.signUp('tplhelper');
  stranger = await t.signUp('tplstranger');
});
afterAll(async () => t.close());

async function call(method: string, url: string, token: string, body?: unknown) {
  return t.request(method as 'GET', `/api/v1${url}`, { token, body: body as Record<string, unknown> });
}

async function ok(method: string, url: string, token: string, body?: unknown) {
  const res = await call(method, url, token, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

async function refused(res: { statusCode: number; json(): { code: number } }, status: number, code: number) {
  expect(res.statusCode).toBe(status);
  expect(res.json().code).toBe(code);
}

/** A project with a kanban bucket, labelled tasks with reminders, a relation and an assignee. */
async function sprintProject() {
  const project = await ok('PUT', '/projects', owner.token, { title: 'Sprint', hex_color: '1973ff' });
  await ok('PUT', `/projects/${project.id}/users`, owner.token, { username: 'tplhelper', right: 1 });
  const label = await ok('PUT', '/labels', owner.token, { title: 'Review' });
  const plan = await ok('PUT', `/projects/${project.id}/tasks`, owner.token, {
    title: 'Plan the sprint',
    priority: 3,
    due_date: '2040-03-02T09:00:00Z',
    reminders: [{ relative_to: 'due_date', relative_period: -3600 }],
    assignees: [{ id: helper.id }],
  });
  const demo = await ok('PUT', `/projects/${project.id}/tasks`, owner.token, { title: 'Demo' });
  await ok('PUT', `/tasks/${plan.id}/labels`, owner.token, { label_id: label.id });
  await ok('PUT', `/tasks/${demo.id}/relations`, owner.token, {
    other_task_id: plan.id,
    relation_kind: 'blocked',
  });
  const views = await ok('GET', `/projects/${project.id}/views`, owner.token);
  const kanban = views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
  const doing = await ok('PUT', `/projects/${project.id}/views/${kanban.id}/buckets`, owner.token, {
    title: 'Doing',
  });
  await ok('POST', `/projects/${project.id}/views/${kanban.id}/buckets/${doing.id}/tasks`, owner.token, {
    task_id: plan.id,
  });
  return { project, label, plan, demo };
}

async function bucketOf(projectId: number, title: string): Promise<string> {
  const views = await ok('GET', `/projects/${projectId}/views`, owner.token);
  const kanban = views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
  const buckets = await ok('GET', `/projects/${projectId}/views/${kanban.id}/tasks`, owner.token);
  const holding = buckets.find((b: { tasks: { title: string }[] | null }) =>
    (b.tasks ?? []).some((task) => task.title === title),
  );
  return holding?.title ?? 'none';
}

describe('project templates', () => {
  it('creates a project with the views, buckets, tasks, labels, reminders and relations saved', async () => {
    const { project, label } = await sprintProject();
    const template = await ok('PUT', `/projects/${project.id}/template`, owner.token, {
      title: 'Two-week sprint',
    });
    expect(template).toMatchObject({ kind: 'project', title: 'Two-week sprint', task_count: 2 });

    // Later changes to the source do not reach the template.
    await ok('DELETE', `/projects/${project.id}`, owner.token);

    const parent = await ok('PUT', '/projects', owner.token, { title: 'Team' });
    const copy = await ok('PUT', `/templates/${template.id}/project`, owner.token, {
      title: 'Sprint 14',
      parent_project_id: parent.id,
    });
    expect(copy).toMatchObject({ title: 'Sprint 14', parent_project_id: parent.id, hex_color: '1973ff' });
    const viewKinds = (await ok('GET', `/projects/${copy.id}/views`, owner.token)).map(
      (v: { view_kind: string }) => v.view_kind,
    );
    expect(viewKinds.sort()).toEqual(['gantt', 'kanban', 'list', 'table']);
    const tasks = await ok('GET', `/projects/${copy.id}/tasks`, owner.token);
    expect(tasks.map((task: { title: string }) => task.title).sort()).toEqual(['Demo', 'Plan the sprint']);
    const plan = tasks.find((task: { title: string }) => task.title === 'Plan the sprint');
    const demo = tasks.find((task: { title: string }) => task.title === 'Demo');
    expect(plan.priority).toBe(3);
    expect(plan.due_date).toBe('2040-03-02T09:00:00Z');
    expect(plan.labels.map((l: { id: number }) => l.id)).toEqual([label.id]);
    expect(plan.reminders).toMatchObject([{ relative_to: 'due_date', relative_period: -3600 }]);
    expect(plan.assignees ?? []).toEqual([]);
    expect(plan.created_by.id).toBe(owner.id);
    const detail = await ok('GET', `/tasks/${demo.id}`, owner.token);
    expect(detail.related_tasks.blocked.map((r: { id: number }) => r.id)).toEqual([plan.id]);
    expect(await bucketOf(copy.id, 'Plan the sprint')).toBe('Doing');
    // The helper was on the source project's share, not on the template's copy.
    expect((await call('GET', `/projects/${copy.id}`, helper.token)).statusCode).toBe(403);
  });

  it('moves the dates by the whole days since the template was saved', async () => {
    const project = await ok('PUT', '/projects', owner.token, { title: 'Onboarding' });
    await ok('PUT', `/projects/${project.id}/tasks`, owner.token, {
      title: 'Laptop ready',
      start_date: '2030-01-01T08:00:00Z',
      due_date: '2030-01-03T17:00:00Z',
      reminders: [{ reminder: '2030-01-02T09:00:00Z' }],
    });
    const template = await ok('PUT', `/projects/${project.id}/template`, owner.token);
    expect(template.title).toBe('Onboarding');
    // As if saved ten days ago.
    const db = t.app.ordo.db.kysely;
    const row = await db
      .selectFrom('templates')
      .select('body')
      .where('id', '=', template.id)
      .executeTakeFirstOrThrow();
    const body = JSON.parse(row.body);
    body.saved = new Date(Date.now() - 10 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z');
    await db
      .updateTable('templates')
      .set({ body: JSON.stringify(body) })
      .where('id', '=', template.id)
      .execute();

    const copy = await ok('PUT', `/templates/${template.id}/project`, owner.token);
    const [task] = await ok('GET', `/projects/${copy.id}/tasks`, owner.token);
    expect(task.start_date).toBe('2030-01-11T08:00:00Z');
    expect(task.due_date).toBe('2030-01-13T17:00:00Z');
    expect(task.reminders[0].reminder).toBe('2030-01-12T09:00:00Z');
  });

  it('is its owner’s alone', async () => {
    const project = await ok('PUT', '/projects', owner.token, { title: 'Private plan' });
    const template = await ok('PUT', `/projects/${project.id}/template`, owner.token);
    expect((await ok('GET', '/templates', stranger.token)).map((x: { id: number }) => x.id)).not.toContain(
      template.id,
    );
    await refused(await call('GET', `/templates/${template.id}`, stranger.token), 404, 30110);
    await refused(await call('PUT', `/templates/${template.id}/project`, stranger.token), 404, 30110);
    await refused(
      await call('POST', `/templates/${template.id}`, stranger.token, { title: 'Mine' }),
      404,
      30110,
    );
    await refused(await call('DELETE', `/templates/${template.id}`, stranger.token), 404, 30110);
    // Saving needs read on the project.
    expect((await call('PUT', `/projects/${project.id}/template`, stranger.token)).statusCode).toBe(403);
    const link = await ok('PUT', `/projects/${project.id}/shares`, owner.token, { right: 2 });
    const auth = await t.request('POST', `/api/v1/shares/${link.hash}/auth`, { body: {} });
    const linkToken = auth.json().token;
    await refused(await call('GET', '/templates', linkToken), 403, 1023);
    await refused(await call('PUT', `/projects/${project.id}/template`, linkToken), 403, 1023);
    expect((await ok('GET', `/templates/${template.id}`, owner.token)).title).toBe('Private plan');
  });

  it('refuses a parent the user may not write to and creates nothing', async () => {
    const project = await ok('PUT', '/projects', owner.token, { title: 'Release' });
    const template = await ok('PUT', `/projects/${project.id}/template`, owner.token);
    const theirs = await ok('PUT', '/projects', stranger.token, { title: 'Theirs' });
    const before = (await ok('GET', '/projects', owner.token)).length;
    expect(
      (await call('PUT', `/templates/${template.id}/project`, owner.token, { parent_project_id: theirs.id }))
        .statusCode,
    ).toBe(403);
    await refused(
      await call('PUT', `/templates/${template.id}/project`, owner.token, { title: ' ' }),
      412,
      2002,
    );
    await refused(
      await call('PUT', `/templates/${template.id}/task`, owner.token, { project_id: project.id }),
      400,
      30112,
    );
    expect((await ok('GET', '/projects', owner.token)).length).toBe(before);
  });

  it('refuses a project of more tasks than a template holds with a clear error', async () => {
    // The limit (ORDO_TEMPLATE_MAX_TASKS, 10,000 by default) set low so the test stays quick.
    const small = await createTestApp({ ORDO_TEMPLATE_MAX_TASKS: '5' });
    try {
      const user = await small.signUp('tpllimit');
      const create = (url: string, body?: Record<string, unknown>) =>
        small.request('PUT', `/api/v1${url}`, { token: user.token, body });
      const project = (await create('/projects', { title: 'Backlog of everything' })).json();
      for (let i = 0; i < 6; i++) await create(`/projects/${project.id}/tasks`, { title: `Task ${i}` });
      const res = await create(`/projects/${project.id}/template`);
      await refused(res, 400, 30111);
      expect(res.json().message).toBe('A template holds at most 5 tasks; this project has 6.');
      const listed = await small.request('GET', '/api/v1/templates', { token: user.token });
      expect(listed.json()).toEqual([]);
    } finally {
      await small.close();
    }
  });

  it('renames and deletes', async () => {
    const project = await ok('PUT', '/projects', owner.token, { title: 'Retro' });
    const template = await ok('PUT', `/projects/${project.id}/template`, owner.token);
    expect(
      (await ok('POST', `/templates/${template.id}`, owner.token, { title: 'Retrospective' })).title,
    ).toBe('Retrospective');
    await refused(await call('POST', `/templates/${template.id}`, owner.token, { title: '' }), 412, 2002);
    await ok('DELETE', `/templates/${template.id}`, owner.token);
    await refused(await call('GET', `/templates/${template.id}`, owner.token), 404, 30110);
  });
});

describe('task templates', () => {
  it('creates a task with the saved fields, reminders and labels in any project the user may write to', async () => {
    const home = await ok('PUT', '/projects', owner.token, { title: 'Home' });
    const label = await ok('PUT', '/labels', owner.token, { title: 'Chores' });
    const source = await ok('PUT', `/projects/${home.id}/tasks`, owner.token, {
      title: 'Water the plants',
      description: '<p>All of them, <strong>twice</strong></p>',
      priority: 2,
      repeat_after: 86_400 * 3,
      hex_color: 'ff8800',
      due_date: '2031-06-01T07:00:00Z',
      reminders: [{ relative_to: 'due_date', relative_period: -600 }],
    });
    await ok('PUT', `/tasks/${source.id}/labels`, owner.token, { label_id: label.id });
    const template = await ok('PUT', `/tasks/${source.id}/template`, owner.token);
    expect(template).toMatchObject({ kind: 'task', title: 'Water the plants', task_count: 1 });

    const office = await ok('PUT', '/projects', owner.token, { title: 'Office' });
    const task = await ok('PUT', `/templates/${template.id}/task`, owner.token, { project_id: office.id });
    expect(task).toMatchObject({
      title: 'Water the plants',
      description: '<p>All of them, <strong>twice</strong></p>',
      priority: 2,
      repeat_after: 86_400 * 3,
      hex_color: 'ff8800',
      project_id: office.id,
      due_date: '2031-06-01T07:00:00Z',
    });
    expect(task.id).not.toBe(source.id);
    expect(task.reminders).toMatchObject([{ relative_to: 'due_date', relative_period: -600 }]);
    expect(task.labels.map((l: { id: number }) => l.id)).toEqual([label.id]);
    const listed = await ok('GET', `/projects/${office.id}/tasks`, owner.token);
    expect(listed.map((x: { title: string }) => x.title)).toEqual(['Water the plants']);

    // A project the user may only read: refused, and nothing created there.
    const shared = await ok('PUT', '/projects', stranger.token, { title: 'Read only' });
    await ok('PUT', `/projects/${shared.id}/users`, stranger.token, { username: 'tplowner', right: 0 });
    expect(
      (await call('PUT', `/templates/${template.id}/task`, owner.token, { project_id: shared.id }))
        .statusCode,
    ).toBe(403);
    expect(await ok('GET', `/projects/${shared.id}/tasks`, stranger.token)).toEqual([]);
    await refused(await call('PUT', `/templates/${template.id}/project`, owner.token), 400, 30112);
  });

  it('leaves off labels the user can no longer see', async () => {
    const theirs = await ok('PUT', '/projects', stranger.token, { title: 'Shared once' });
    await ok('PUT', `/projects/${theirs.id}/users`, stranger.token, { username: 'tplowner', right: 1 });
    const label = await ok('PUT', '/labels', stranger.token, { title: 'Theirs' });
    const task = await ok('PUT', `/projects/${theirs.id}/tasks`, stranger.token, { title: 'Shared task' });
    await ok('PUT', `/tasks/${task.id}/labels`, stranger.token, { label_id: label.id });
    const template = await ok('PUT', `/tasks/${task.id}/template`, owner.token);
    await ok('DELETE', `/projects/${theirs.id}`, stranger.token);
    const mine = await ok('PUT', '/projects', owner.token, { title: 'Mine now' });
    const made = await ok('PUT', `/templates/${template.id}/task`, owner.token, { project_id: mine.id });
    expect(made.title).toBe('Shared task');
    expect(made.labels ?? []).toEqual([]);
  });
});
