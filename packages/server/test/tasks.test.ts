import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkShareToken } from './support/link-share-login.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let stranger: { token: string; id: number };
let project: {
  id: number;
  views: { id: number; view_kind: string; default_bucket_id: number; done_bucket_id: number }[];
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('taskowner');
  stranger = await t.signUp('taskstranger');
  project = (
    await t.request('PUT', '/api/v1/projects', {
      token: owner.token,
      body: { title: 'Tasks', identifier: 'tsk' },
    })
  ).json();
});
afterAll(async () => t.close());

async function createTask(body: Record<string, unknown>, projectId = project.id, token = owner.token) {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const ZERO = '0001-01-01T00:00:00Z';

describe('PUT /projects/:id/tasks', () => {
  it('creates a task with the full wire shape', async () => {
    const task = await createTask({ title: '  Lorem Ipsum  ' });
    expect(task).toMatchObject({
      title: 'Lorem Ipsum',
      description: '',
      done: false,
      done_at: ZERO,
      due_date: ZERO,
      start_date: ZERO,
      end_date: ZERO,
      reminders: null,
      project_id: project.id,
      repeat_after: 0,
      repeat_mode: 0,
      priority: 0,
      assignees: null,
      labels: null,
      hex_color: '',
      percent_done: 0,
      identifier: 'TSK-1',
      index: 1,
      related_tasks: {},
      attachments: null,
      cover_image_attachment_id: 0,
      is_favorite: false,
      bucket_id: 0,
      position: 0,
      reactions: null,
      created_by: { id: owner.id, username: 'taskowner', name: '' },
    });
    expect(task.created_by.email).toBeUndefined();
    const second = await createTask({ title: 'Second' });
    expect(second.index).toBe(2);
    expect(second.identifier).toBe('TSK-2');
  });

  it('uses #index without a project identifier and keeps a free index from the body', async () => {
    const plain = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Plain' } })
    ).json();
    const task = await createTask({ title: 'x', index: 42 }, plain.id);
    expect(task.identifier).toBe('#42');
    const next = await createTask({ title: 'y', index: 42 }, plain.id);
    expect(next.index).toBe(43);
  });

  it('stores fields: dates, colour without #, priority, percent done, sanitised description', async () => {
    const task = await createTask({
      title: 'Fields',
      description:
        '<p onclick="evil()">Hi<script>alert(1)</script></p><ul data-type="taskList"><li data-checked="true">a</li></ul>',
      due_date: '2024-01-31T10:00:00+01:00',
      start_date: '2024-01-30T09:00:00Z',
      end_date: null,
      hex_color: '#ABCDEF',
      priority: 4,
      percent_done: 0.5,
      done: true,
      is_favorite: true,
    });
    expect(task.description).toBe('<p>Hi</p><ul data-type="taskList"><li data-checked="true">a</li></ul>');
    expect(task.due_date).toBe('2024-01-31T09:00:00Z');
    expect(task.start_date).toBe('2024-01-30T09:00:00Z');
    expect(task.end_date).toBe(ZERO);
    expect(task.hex_color).toBe('ABCDEF');
    expect(task.priority).toBe(4);
    expect(task.percent_done).toBe(0.5);
    expect(task.done).toBe(true);
    expect(task.done_at).not.toBe(ZERO);
    expect(task.is_favorite).toBe(true);
  });

  it('rejects bad input with catalogue errors', async () => {
    const cases: [Record<string, unknown>, number, number][] = [
      [{ title: '   ' }, 400, 4001],
      [{}, 400, 4001],
      [{ title: 'x', due_date: '2020-02-10' }, 400, 2004],
      [{ title: 'x', priority: 'high' }, 400, 2004],
      [{ title: 'x', priority: 9 }, 412, 2002],
      [{ title: 'x', percent_done: 2 }, 412, 2002],
      [{ title: 'x', repeat_after: 315360001 }, 400, 4029],
      [{ title: 'x', bucket_id: 999999 }, 404, 10001],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
        token: owner.token,
        body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
  });

  it('refuses missing (3001), foreign (403) and archived (3008) projects', async () => {
    const missing = await t.request('PUT', '/api/v1/projects/99999/tasks', {
      token: owner.token,
      body: { title: 'x' },
    });
    expect(missing.json().code).toBe(3001);
    const foreign = await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: stranger.token,
      body: { title: 'x' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 0, message: 'Forbidden' });
    const archived = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Arch' } })
    ).json();
    await t.request('POST', `/api/v1/projects/${archived.id}`, {
      token: owner.token,
      body: { title: 'Arch', is_archived: true },
    });
    const res = await t.request('PUT', `/api/v1/projects/${archived.id}/tasks`, {
      token: owner.token,
      body: { title: 'x' },
    });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(3008);
  });

  it('creates many tasks at once in one project, each with its own index', async () => {
    const busy = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Busy' } })
    ).json();
    // More at once than the PostgreSQL pool has connections: every writer reads the highest index.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.request('PUT', `/api/v1/projects/${busy.id}/tasks`, {
          token: owner.token,
          body: { title: `t${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const indexes = answers.map((a) => a.json().index as number).sort((a, b) => a - b);
    expect(indexes).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });
});

describe('GET /tasks/:id', () => {
  it('reads a task with the right headers; strangers get 403 without data; missing 4002', async () => {
    const task = await createTask({ title: 'Readable' });
    const res = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-max-right']).toBe('2');
    expect(res.json().title).toBe('Readable');
    const foreign = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: stranger.token });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 0, message: "You don't have the right to see this" });
    const missing = await t.request('GET', '/api/v1/tasks/999999', { token: owner.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(4002);
    const badExpand = await t.request('GET', `/api/v1/tasks/${task.id}?expand=everything`, {
      token: owner.token,
    });
    expect(badExpand.statusCode).toBe(412);
    expect(badExpand.json().invalid_fields).toEqual(['expand']);
  });
});

describe('GET /projects/:id/tasks/by-index/:index', () => {
  const byIndex = (ref: string | number, index: number | string, token = owner.token) =>
    t.request('GET', `/api/v1/projects/${ref}/tasks/by-index/${index}`, { token });

  it('reads a task by its index in a project named by id or identifier (any case), as GET /tasks/:id does', async () => {
    const task = await createTask({ title: 'Indexed' });
    const direct = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: owner.token });
    for (const ref of [project.id, 'TSK', 'tsk']) {
      const res = await byIndex(ref, task.index);
      expect(res.statusCode, `${ref}: ${res.body}`).toBe(200);
      expect(res.headers['x-max-right']).toBe('2');
      expect(res.json()).toEqual(direct.json());
    }
    const expanded = await t.request(
      'GET',
      `/api/v1/projects/${project.id}/tasks/by-index/${task.index}?expand=comment_count`,
      { token: owner.token },
    );
    expect(expanded.statusCode, expanded.body).toBe(200);
  });

  it('keeps what a caller may not see: 403 on a project id, 404 on an identifier, 4002 on a missing index', async () => {
    const task = await createTask({ title: 'Private' });
    const foreign = await byIndex(project.id, task.index, stranger.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().title).toBeUndefined();
    // The stranger's own project with the same identifier is the one they reach.
    const theirs = (
      await t.request('PUT', '/api/v1/projects', {
        token: stranger.token,
        body: { title: 'Theirs', identifier: 'TSK' },
      })
    ).json();
    const mine = await createTask({ title: 'Stranger task' }, theirs.id, stranger.token);
    const own = await byIndex('tsk', mine.index, stranger.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().id).toBe(mine.id);
    expect(own.json().id).not.toBe(task.id);
    const unknown = await byIndex('NOPE', 1);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Project not found' });
    const noIndex = await byIndex(project.id, 99999);
    expect(noIndex.statusCode).toBe(404);
    expect(noIndex.json().code).toBe(4002);
    const noProject = await byIndex(999999, 1);
    expect(noProject.statusCode).toBe(404);
    expect(noProject.json().code).toBe(3001);
    expect((await byIndex(project.id, 'first')).statusCode).toBe(400);
  });

  it('serves a link share its own project only', async () => {
    const task = await createTask({ title: 'Shared by link' });
    const { token } = await linkShareToken(t, owner.token, project.id, { name: 'Index', right: 0 });
    const res = await byIndex(project.id, task.index, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-max-right']).toBe('0');
    const other = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Not shared' } })
    ).json();
    const hidden = await createTask({ title: 'Hidden' }, other.id);
    expect((await byIndex(other.id, hidden.index, token)).statusCode).toBe(403);
  });
});

describe('POST /tasks/:id', () => {
  it('replaces the whole task: omitted fields reset, an empty title is kept', async () => {
    const task = await createTask({
      title: 'Full',
      priority: 3,
      hex_color: 'ff0000',
      due_date: '2024-01-01T00:00:00Z',
      is_favorite: true,
    });
    const res = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: '', description: 'new' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Full',
      description: 'new',
      priority: 0,
      hex_color: '',
      due_date: ZERO,
      is_favorite: false,
      index: task.index,
    });
  });

  it('sets done_at when done and clears it when undone', async () => {
    const task = await createTask({ title: 'Doable' });
    const done = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'Doable', done: true },
    });
    expect(done.json().done).toBe(true);
    expect(done.json().done_at).not.toBe(ZERO);
    const undone = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'Doable', done: false },
    });
    expect(undone.json().done).toBe(false);
    expect(undone.json().done_at).toBe(ZERO);
  });

  it('moves a task to another project with a new index; a foreign target answers code 1', async () => {
    const target = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Target' } })
    ).json();
    await createTask({ title: 'already there' }, target.id);
    const task = await createTask({ title: 'Mover' });
    const res = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'Mover', project_id: target.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project_id).toBe(target.id);
    expect(res.json().index).toBe(2);
    const foreignProject = (
      await t.request('PUT', '/api/v1/projects', { token: stranger.token, body: { title: 'Theirs' } })
    ).json();
    const denied = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'Mover', project_id: foreignProject.id },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe(1);
  });

  it('refuses strangers (403) and missing tasks (4002)', async () => {
    const task = await createTask({ title: 'Mine' });
    const foreign = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: stranger.token,
      body: { title: 'Stolen' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await t.request('GET', `/api/v1/tasks/${task.id}`, { token: owner.token })).json().title).toBe(
      'Mine',
    );
    const missing = await t.request('POST', '/api/v1/tasks/999999', {
      token: owner.token,
      body: { title: 'x' },
    });
    expect(missing.json().code).toBe(4002);
  });
});

describe('repeating tasks', () => {
  it('move their dates forward instead of staying done, and uncheck the checklist', async () => {
    const due = new Date(Date.now() + 3600_000);
    due.setUTCMilliseconds(0);
    const task = await createTask({ title: 'Every hour', repeat_after: 3600 });
    const res = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: {
        title: 'Every hour',
        done: true,
        repeat_after: 3600,
        due_date: due.toISOString(),
        description: '<ul data-type="taskList"><li data-checked="true">step</li></ul>',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().done).toBe(false);
    expect(res.json().done_at).not.toBe(ZERO);
    expect(new Date(res.json().due_date).getTime()).toBe(due.getTime() + 3600_000);
    expect(res.json().description).toContain('data-checked="false"');
  });
});

describe('link shares', () => {
  it('create tasks as their pseudo-user and cannot keep favourites', async () => {
    const share = (
      await t.request('PUT', `/api/v1/projects/${project.id}/shares`, {
        token: owner.token,
        body: { name: 'Guests', right: 1 },
      })
    ).json();
    const auth = await t.request('POST', `/api/v1/shares/${share.hash}/auth`, { body: {} });
    const token = auth.json().token as string;
    const res = await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token,
      body: { title: 'From a guest', is_favorite: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created_by).toMatchObject({
      id: -share.id,
      name: 'Guests (Link Share)',
      username: `link-share-${share.id}`,
    });
    expect(res.json().is_favorite).toBe(false);
    const update = await t.request('POST', `/api/v1/tasks/${res.json().id}`, {
      token,
      body: { title: 'From a guest', is_favorite: true, done: true },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json().done).toBe(true);
  });
});

describe('DELETE /tasks/:id', () => {
  it('deletes for writers only', async () => {
    const task = await createTask({ title: 'Doomed' });
    const foreign = await t.request('DELETE', `/api/v1/tasks/${task.id}`, { token: stranger.token });
    expect(foreign.statusCode).toBe(403);
    const res = await t.request('DELETE', `/api/v1/tasks/${task.id}`, { token: owner.token });
    expect(res.json()).toEqual({ message: 'Successfully deleted.' });
    expect((await t.request('GET', `/api/v1/tasks/${task.id}`, { token: owner.token })).json().code).toBe(
      4002,
    );
    expect((await t.request('DELETE', `/api/v1/tasks/${task.id}`, { token: owner.token })).json().code).toBe(
      4002,
    );
  });
});

describe('kanban placement', () => {
  it('puts new tasks in the default bucket, done tasks in the done bucket, and follows done changes', async () => {
    const p = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Board' } })
    ).json();
    const kanban = p.views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
    const open = await createTask({ title: 'open' }, p.id);
    const done = await createTask({ title: 'done', done: true }, p.id);
    const intoDone = await createTask({ title: 'dropped in done', bucket_id: kanban.done_bucket_id }, p.id);
    expect(intoDone.done).toBe(true);
    const buckets = async () =>
      (
        await t.request('GET', `/api/v1/projects/${p.id}/views/${kanban.id}/tasks`, { token: owner.token })
      ).json();
    let board = await buckets();
    const ids = (bucketId: number) =>
      board.find((b: { id: number }) => b.id === bucketId).tasks.map((task: { id: number }) => task.id);
    expect(board.map((b: { title: string }) => b.title)).toEqual(['To-Do', 'Doing', 'Done']);
    expect(ids(kanban.default_bucket_id)).toEqual([open.id]);
    expect(ids(kanban.done_bucket_id).sort()).toEqual([done.id, intoDone.id].sort());
    expect(board.find((b: { id: number }) => b.id === kanban.done_bucket_id).count).toBe(2);

    await t.request('POST', `/api/v1/tasks/${open.id}`, {
      token: owner.token,
      body: { title: 'open', done: true },
    });
    await t.request('POST', `/api/v1/tasks/${done.id}`, {
      token: owner.token,
      body: { title: 'done', done: false },
    });
    board = await buckets();
    expect(ids(kanban.default_bucket_id)).toEqual([done.id]);
    expect(ids(kanban.done_bucket_id)).toContain(open.id);
  });
});
