import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

interface Person {
  token: string;
  id: number;
}
interface View {
  id: number;
  view_kind: string;
  default_bucket_id: number;
  done_bucket_id: number;
}
interface Bucket {
  id: number;
  title: string;
  count: number;
  limit: number;
  position: number;
  tasks?: { id: number; title: string; bucket_id: number; done: boolean }[];
}

let t: TestApp;
let owner: Person;
let reader: Person;
let writer: Person;
let stranger: Person;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('bkowner');
  reader = await t.signUp('bkreader');
  writer = await t.signUp('bkwriter');
  stranger = await t.signUp('bkstranger');
});
afterAll(async () => t.close());

/** A fresh project shared read-only with `reader` and writable with `writer`; its kanban view. */
async function board(title = 'Board') {
  const res = await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title } });
  expect(res.statusCode, res.body).toBe(201);
  const project = res.json() as { id: number; views: View[] };
  for (const [username, right] of [
    ['bkreader', 0],
    ['bkwriter', 1],
  ] as const) {
    const share = await t.request('PUT', `/api/v1/projects/${project.id}/users`, {
      token: owner.token,
      body: { username, right },
    });
    expect(share.statusCode, share.body).toBe(201);
  }
  const kanban = project.views.find((v) => v.view_kind === 'kanban')!;
  return { projectId: project.id, kanban, base: `/api/v1/projects/${project.id}/views/${kanban.id}` };
}

async function createTask(projectId: number, body: Record<string, unknown>) {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, { token: owner.token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; done: boolean };
}

async function view(projectId: number, viewId: number): Promise<View> {
  return (
    await t.request('GET', `/api/v1/projects/${projectId}/views/${viewId}`, { token: owner.token })
  ).json();
}

/** The board as the kanban screen loads it: buckets with their first 25 tasks. */
async function load(base: string, query = ''): Promise<Bucket[]> {
  const res = await t.request('GET', `${base}/tasks?per_page=25${query}`, { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function taskIds(buckets: Bucket[], bucketId: number): number[] {
  return (buckets.find((b) => b.id === bucketId)?.tasks ?? []).map((task) => task.id);
}

async function move(base: string, bucketId: number, taskId: number, token = owner.token) {
  return t.request('POST', `${base}/buckets/${bucketId}/tasks`, { token, body: { task_id: taskId } });
}

describe('listing buckets', () => {
  it('lists the seeded To-Do, Doing and Done buckets by position, without tasks', async () => {
    const { kanban, base } = await board();
    const res = await t.request('GET', `${base}/buckets`, { token: reader.token });
    expect(res.statusCode, res.body).toBe(200);
    const buckets = res.json();
    expect(buckets.map((b: Bucket) => [b.title, b.position, b.limit, b.count])).toEqual([
      ['To-Do', 100, 0, 0],
      ['Doing', 200, 0, 0],
      ['Done', 300, 0, 0],
    ]);
    expect(buckets[0]).not.toHaveProperty('tasks');
    expect(buckets[0]).toMatchObject({
      id: kanban.default_bucket_id,
      project_view_id: kanban.id,
      created_by: { id: owner.id, username: 'bkowner' },
    });
    expect(buckets[2].id).toBe(kanban.done_bucket_id);
  });

  it('refuses strangers (403) and a view of another project (3014)', async () => {
    const { base } = await board();
    const other = await board('Other');
    const denied = await t.request('GET', `${base}/buckets`, { token: stranger.token });
    expect(denied.statusCode).toBe(403);
    const wrong = await t.request(
      'GET',
      `/api/v1/projects/${other.projectId}/views/${base.split('/').pop()}/buckets`,
      {
        token: owner.token,
      },
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe(3014);
  });

  it('seeds a new manual kanban view with To-Do (default), Doing and Done (done bucket)', async () => {
    const { projectId } = await board();
    const res = await t.request('PUT', `/api/v1/projects/${projectId}/views`, {
      token: owner.token,
      body: { title: 'Second board', view_kind: 'kanban' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as View;
    const buckets = (
      await t.request('GET', `/api/v1/projects/${projectId}/views/${created.id}/buckets`, {
        token: owner.token,
      })
    ).json() as Bucket[];
    expect(buckets.map((b) => b.title)).toEqual(['To-Do', 'Doing', 'Done']);
    expect(created.default_bucket_id).toBe(buckets[0].id);
    expect(created.done_bucket_id).toBe(buckets[2].id);
  });
});

describe('the kanban listing', () => {
  it('answers each bucket with its first 25 tasks and its count; later pages come by bucket_id', async () => {
    const { projectId, kanban, base } = await board();
    const created: number[] = [];
    for (let i = 0; i < 27; i++) created.push((await createTask(projectId, { title: `card ${i}` })).id);
    const buckets = await load(base);
    const todo = buckets.find((b) => b.id === kanban.default_bucket_id)!;
    expect(todo.count).toBe(27);
    expect(todo.tasks).toHaveLength(25);
    expect(buckets.find((b) => b.id === kanban.done_bucket_id)).toMatchObject({ count: 0, tasks: [] });
    // New tasks land on top, so the newest comes first.
    expect(todo.tasks![0].id).toBe(created[26]);
    const filter = encodeURIComponent(`bucket_id = ${kanban.default_bucket_id}`);
    const page2 = await t.request(
      'GET',
      `${base}/tasks?per_page=25&page=2&sort_by=position&order_by=asc&filter=${filter}`,
      {
        token: owner.token,
      },
    );
    expect(page2.statusCode, page2.body).toBe(200);
    expect(page2.json().map((task: { id: number }) => task.id)).toEqual([created[1], created[0]]);
  });

  it('pages and counts every bucket through a filter and a requested order', async () => {
    const { projectId, kanban, base } = await board('Filtered board');
    const review = (
      await t.request('PUT', `${base}/buckets`, { token: owner.token, body: { title: 'Review' } })
    ).json() as Bucket;
    const tasks: Record<string, number> = {};
    for (const [title, priority] of [
      ['low todo', 1],
      ['high todo', 4],
      ['urgent todo', 5],
      ['high review', 3],
      ['low review', 0],
      ['urgent review', 5],
    ] as const) {
      tasks[title] = (await createTask(projectId, { title, priority })).id;
    }
    for (const title of ['high review', 'low review', 'urgent review']) {
      expect((await move(base, review.id, tasks[title])).statusCode).toBe(200);
    }
    const res = await t.request(
      'GET',
      `${base}/tasks?per_page=1&sort_by=priority&order_by=desc&filter=${encodeURIComponent('priority >= 3')}`,
      { token: owner.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const buckets = res.json() as Bucket[];
    const summary = buckets.map((b) => [b.id, b.count, (b.tasks ?? []).map((task) => task.id)]);
    expect(summary).toEqual([
      [kanban.default_bucket_id, 2, [tasks['urgent todo']]],
      [buckets[1].id, 0, []],
      [kanban.done_bucket_id, 0, []],
      [review.id, 2, [tasks['urgent review']]],
    ]);
  });
});

describe('a plain board in other orders', () => {
  it('answers each request in its own order, whichever order was asked for before', async () => {
    const { projectId, kanban, base } = await board('Ordered board');
    const ids: Record<string, number> = {};
    for (const title of ['bravo', 'alpha', 'charlie'])
      ids[title] = (await createTask(projectId, { title })).id;
    const titlesIn = async (query: string) => {
      const res = await t.request('GET', `${base}/tasks${query}`, { token: owner.token });
      expect(res.statusCode, res.body).toBe(200);
      // New tasks go to the view's default bucket ("To-Do").
      const defaultBucket = (res.json() as Bucket[]).find((b) => b.id === kanban.default_bucket_id);
      expect(defaultBucket, 'the default bucket is listed').toBeDefined();
      return (defaultBucket?.tasks ?? []).map((task) => task.title);
    };
    // New tasks land on top of the view, so by position the newest comes first.
    const byPosition = ['charlie', 'alpha', 'bravo'];
    expect(await titlesIn('')).toEqual(byPosition);
    expect(await titlesIn('?sort_by=title&order_by=asc')).toEqual(['alpha', 'bravo', 'charlie']);
    expect(await titlesIn('?sort_by=title&order_by=desc')).toEqual(['charlie', 'bravo', 'alpha']);
    expect(await titlesIn('?sort_by=id&order_by=desc')).toEqual(['charlie', 'alpha', 'bravo']);
    expect(await titlesIn('')).toEqual(byPosition);
    expect(await titlesIn('?sort_by=title&order_by=asc&per_page=2&page=2')).toEqual(['charlie']);
    expect(ids.alpha).toBeGreaterThan(ids.bravo);
  });
});

describe('creating buckets', () => {
  it('creates a bucket at id × 65536 unless a position is given, with write access', async () => {
    const { kanban, base } = await board();
    const res = await t.request('PUT', `${base}/buckets`, { token: writer.token, body: { title: 'Review' } });
    expect(res.statusCode, res.body).toBe(201);
    const bucket = res.json();
    expect(bucket).toMatchObject({
      title: 'Review',
      project_view_id: kanban.id,
      limit: 0,
      count: 0,
      position: bucket.id * 65536,
      created_by: { id: writer.id },
    });
    const placed = await t.request('PUT', `${base}/buckets`, {
      token: owner.token,
      body: { title: 'Early', position: 150, limit: 3 },
    });
    expect(placed.json()).toMatchObject({ position: 150, limit: 3 });
    const titles = (await t.request('GET', `${base}/buckets`, { token: owner.token }))
      .json()
      .map((b: Bucket) => b.title);
    expect(titles).toEqual(['To-Do', 'Early', 'Doing', 'Done', 'Review']);
  });

  it('refuses an empty title or a negative limit (412), read-only shares and strangers (403)', async () => {
    const { base } = await board();
    const empty = await t.request('PUT', `${base}/buckets`, { token: owner.token, body: { title: '' } });
    expect(empty.statusCode).toBe(412);
    expect(empty.json()).toMatchObject({ code: 2002, invalid_fields: ['title: non zero value required'] });
    const negative = await t.request('PUT', `${base}/buckets`, {
      token: owner.token,
      body: { title: 'x', limit: -1 },
    });
    expect(negative.statusCode).toBe(412);
    expect(negative.json().invalid_fields).toEqual(['limit: -1 does not validate as min(0)']);
    for (const who of [reader, stranger]) {
      const res = await t.request('PUT', `${base}/buckets`, { token: who.token, body: { title: 'Nope' } });
      expect(res.statusCode).toBe(403);
    }
    const buckets = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json();
    expect(buckets).toHaveLength(3);
  });

  it('answers 3014 for a view of another project and lets a write link share create buckets', async () => {
    const { projectId, kanban, base } = await board();
    const other = await board('Elsewhere');
    const wrong = await t.request('PUT', `/api/v1/projects/${other.projectId}/views/${kanban.id}/buckets`, {
      token: owner.token,
      body: { title: 'Lost' },
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe(3014);

    const shareToken = async (right: number) => {
      const share = await t.request('PUT', `/api/v1/projects/${projectId}/shares`, {
        token: owner.token,
        body: { right, name: `share ${right}` },
      });
      expect(share.statusCode, share.body).toBe(201);
      return (await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} })).json()
        .token as string;
    };
    const viaWriteShare = await t.request('PUT', `${base}/buckets`, {
      token: await shareToken(1),
      body: { title: 'From a link' },
    });
    expect(viaWriteShare.statusCode, viaWriteShare.body).toBe(201);
    const viaReadShare = await t.request('PUT', `${base}/buckets`, {
      token: await shareToken(0),
      body: { title: 'Not allowed' },
    });
    expect(viaReadShare.statusCode).toBe(403);
  });
});

describe('updating buckets', () => {
  it('replaces title, limit and position; project_view_id in the body is ignored', async () => {
    const { kanban, base } = await board();
    const other = await board('Other board');
    const res = await t.request('POST', `${base}/buckets/${kanban.default_bucket_id}`, {
      token: writer.token,
      body: { title: 'Backlog', limit: 5, position: 50, project_view_id: other.kanban.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: kanban.default_bucket_id,
      title: 'Backlog',
      limit: 5,
      position: 50,
      project_view_id: kanban.id,
    });
    const listed = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json();
    expect(listed[0]).toMatchObject({ title: 'Backlog', limit: 5 });
    expect((await t.request('GET', `${other.base}/buckets`, { token: owner.token })).json()).toHaveLength(3);
  });

  it('answers 10001 for an unknown bucket, 10002 for a bucket of another view, 412 for an empty title, 403 read-only', async () => {
    const { projectId, kanban, base } = await board();
    const second = (
      await t.request('PUT', `/api/v1/projects/${projectId}/views`, {
        token: owner.token,
        body: { title: 'Second', view_kind: 'kanban' },
      })
    ).json() as View;
    const unknown = await t.request('POST', `${base}/buckets/999999`, {
      token: owner.token,
      body: { title: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 10001, message: 'This bucket does not exist.' });
    const foreign = await t.request('POST', `${base}/buckets/${second.default_bucket_id}`, {
      token: owner.token,
      body: { title: 'x' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe(10002);
    const empty = await t.request('POST', `${base}/buckets/${kanban.default_bucket_id}`, {
      token: owner.token,
      body: { title: '' },
    });
    expect(empty.statusCode).toBe(412);
    expect(empty.json().invalid_fields).toEqual(['title: non zero value required']);
    const readOnly = await t.request('POST', `${base}/buckets/${kanban.default_bucket_id}`, {
      token: reader.token,
      body: { title: 'Mine now' },
    });
    expect(readOnly.statusCode).toBe(403);
  });

  it('keeps one done bucket per view: is_done_bucket on a second bucket answers 10005', async () => {
    const { projectId, kanban, base } = await board();
    const doing = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json()[1] as Bucket;
    const second = await t.request('POST', `${base}/buckets/${doing.id}`, {
      token: owner.token,
      body: { title: 'Doing', is_done_bucket: true },
    });
    expect(second.statusCode).toBe(412);
    expect(second.json()).toEqual({ code: 10005, message: 'There can be only one done bucket per project.' });
    expect((await view(projectId, kanban.id)).done_bucket_id).toBe(kanban.done_bucket_id);

    const cleared = await t.request('POST', `${base}/buckets/${kanban.done_bucket_id}`, {
      token: owner.token,
      body: { title: 'Done', is_done_bucket: false },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await view(projectId, kanban.id)).done_bucket_id).toBe(0);
    const moved = await t.request('POST', `${base}/buckets/${doing.id}`, {
      token: owner.token,
      body: { title: 'Doing', is_done_bucket: true },
    });
    expect(moved.statusCode).toBe(200);
    expect((await view(projectId, kanban.id)).done_bucket_id).toBe(doing.id);
    const createdDone = await t.request('PUT', `${base}/buckets`, {
      token: owner.token,
      body: { title: 'Also done', is_done_bucket: true },
    });
    expect(createdDone.statusCode).toBe(412);
    expect(createdDone.json().code).toBe(10005);
    // The refused create wrote nothing.
    expect((await t.request('GET', `${base}/buckets`, { token: owner.token })).json()).toHaveLength(3);
  });
});

describe('deleting buckets', () => {
  it('moves the tasks of a deleted bucket to the default bucket', async () => {
    const { projectId, kanban, base } = await board();
    const doing = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json()[1] as Bucket;
    const task = await createTask(projectId, { title: 'in progress', bucket_id: doing.id });
    const res = await t.request('DELETE', `${base}/buckets/${doing.id}`, { token: writer.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Successfully deleted.' });
    const buckets = await load(base);
    expect(buckets.map((b) => b.title)).toEqual(['To-Do', 'Done']);
    expect(taskIds(buckets, kanban.default_bucket_id)).toEqual([task.id]);
  });

  it('resets the done or default bucket id it pointed at; the default bucket sends its tasks to the first one', async () => {
    const { projectId, kanban, base } = await board();
    const done = await createTask(projectId, { title: 'finished', done: true });
    const open = await createTask(projectId, { title: 'open' });
    expect(
      (await t.request('DELETE', `${base}/buckets/${kanban.done_bucket_id}`, { token: owner.token }))
        .statusCode,
    ).toBe(200);
    let current = await view(projectId, kanban.id);
    expect(current.done_bucket_id).toBe(0);
    expect(current.default_bucket_id).toBe(kanban.default_bucket_id);
    expect(taskIds(await load(base), kanban.default_bucket_id).sort()).toEqual([done.id, open.id].sort());

    const doing = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json()[1] as Bucket;
    expect(
      (await t.request('DELETE', `${base}/buckets/${kanban.default_bucket_id}`, { token: owner.token }))
        .statusCode,
    ).toBe(200);
    current = await view(projectId, kanban.id);
    expect(current.default_bucket_id).toBe(0);
    const buckets = await load(base);
    expect(buckets.map((b) => b.id)).toEqual([doing.id]);
    expect(buckets[0].count).toBe(2);
  });

  it('refuses the last bucket (10003), an unknown one (10001) and read-only shares (403)', async () => {
    const { kanban, base } = await board();
    const buckets = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json() as Bucket[];
    const readOnly = await t.request('DELETE', `${base}/buckets/${buckets[0].id}`, { token: reader.token });
    expect(readOnly.statusCode).toBe(403);
    const unknown = await t.request('DELETE', `${base}/buckets/999999`, { token: owner.token });
    expect(unknown.json().code).toBe(10001);
    await t.request('DELETE', `${base}/buckets/${buckets[0].id}`, { token: owner.token });
    await t.request('DELETE', `${base}/buckets/${buckets[1].id}`, { token: owner.token });
    const last = await t.request('DELETE', `${base}/buckets/${kanban.done_bucket_id}`, {
      token: owner.token,
    });
    expect(last.statusCode).toBe(412);
    expect(last.json()).toEqual({
      code: 10003,
      message: 'You cannot remove the last bucket on this project view.',
    });
    expect((await t.request('GET', `${base}/buckets`, { token: owner.token })).json()).toHaveLength(1);
  });
});

describe('moving a task into a bucket', () => {
  it('answers the move with the bucket (and its count) and the task in its new bucket', async () => {
    const { projectId, kanban, base } = await board();
    const doing = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json()[1] as Bucket;
    const task = await createTask(projectId, { title: 'card' });
    const res = await move(base, doing.id, task.id, writer.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['bucket_id', 'bucket', 'task_id', 'project_view_id', 'task']);
    expect(body).toMatchObject({
      bucket_id: doing.id,
      bucket: { id: doing.id, title: 'Doing', count: 1 },
      task_id: task.id,
      project_view_id: kanban.id,
      task: { id: task.id, bucket_id: doing.id, done: false },
    });
    expect(body.task.position).toBeGreaterThan(0);
    const buckets = await load(base);
    expect(taskIds(buckets, doing.id)).toEqual([task.id]);
    expect(taskIds(buckets, kanban.default_bucket_id)).toEqual([]);
  });

  it('marks a task done in the done bucket (and in every kanban view), undone when it leaves', async () => {
    const { projectId, kanban, base } = await board();
    const second = (
      await t.request('PUT', `/api/v1/projects/${projectId}/views`, {
        token: owner.token,
        body: { title: 'Second', view_kind: 'kanban' },
      })
    ).json() as View;
    const secondBase = `/api/v1/projects/${projectId}/views/${second.id}`;
    const task = await createTask(projectId, { title: 'finish me' });

    const intoDone = await move(base, kanban.done_bucket_id, task.id);
    expect(intoDone.statusCode, intoDone.body).toBe(200);
    expect(intoDone.json().task.done).toBe(true);
    expect(intoDone.json().task.done_at).not.toBe('0001-01-01T00:00:00Z');
    const read = (await t.request('GET', `/api/v1/tasks/${task.id}`, { token: owner.token })).json();
    expect(read.done).toBe(true);
    expect(taskIds(await load(secondBase), second.done_bucket_id)).toEqual([task.id]);

    const out = await move(base, kanban.default_bucket_id, task.id);
    expect(out.json().task).toMatchObject({ done: false, done_at: '0001-01-01T00:00:00Z' });
    expect(taskIds(await load(secondBase), second.default_bucket_id)).toEqual([task.id]);
    expect(taskIds(await load(base), kanban.default_bucket_id)).toEqual([task.id]);
  });

  it('follows done changes of a task update: done → done bucket, undone → default bucket, else the first', async () => {
    const { projectId, kanban, base } = await board();
    const task = await createTask(projectId, { title: 'toggle' });
    await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'toggle', done: true },
    });
    expect(taskIds(await load(base), kanban.done_bucket_id)).toEqual([task.id]);
    await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'toggle', done: false },
    });
    expect(taskIds(await load(base), kanban.default_bucket_id)).toEqual([task.id]);

    // Without a default bucket, an undone task leaves the done bucket for the first bucket.
    const buckets = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json() as Bucket[];
    await t.request('POST', `${base}/buckets/${buckets[1].id}`, {
      token: owner.token,
      body: { title: 'First', position: 1 },
    });
    await t.request('POST', `/api/v1/projects/${projectId}/views/${kanban.id}`, {
      token: owner.token,
      body: {
        title: 'Kanban',
        view_kind: 'kanban',
        default_bucket_id: 0,
        done_bucket_id: kanban.done_bucket_id,
      },
    });
    await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'toggle', done: true },
    });
    await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'toggle', done: false },
    });
    expect(taskIds(await load(base), buckets[1].id)).toEqual([task.id]);
  });

  it('completes a repeating task dropped in the done bucket: it stays open, its due date moves, it lands in the default bucket', async () => {
    const { projectId, kanban, base } = await board();
    const doing = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json()[1] as Bucket;
    // Far ahead: a due date already past would move on until it is in the future, not by one day.
    const due = '2099-01-01T09:00:00Z';
    const task = await createTask(projectId, {
      title: 'daily',
      due_date: due,
      repeat_after: 86400,
      bucket_id: doing.id,
    });
    const res = await move(base, kanban.done_bucket_id, task.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().task).toMatchObject({ done: false, due_date: '2099-01-02T09:00:00Z' });
    expect(res.json().task.done_at).not.toBe('0001-01-01T00:00:00Z');
    expect(res.json().bucket_id).toBe(kanban.default_bucket_id);
    const buckets = await load(base);
    expect(taskIds(buckets, kanban.default_bucket_id)).toEqual([task.id]);
    expect(taskIds(buckets, kanban.done_bucket_id)).toEqual([]);
  });

  it('stops at a full bucket (10004) but lets a task stay in its own full bucket', async () => {
    const { projectId, kanban, base } = await board();
    const doing = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json()[1] as Bucket;
    await t.request('POST', `${base}/buckets/${doing.id}`, {
      token: owner.token,
      body: { title: 'Doing', limit: 1 },
    });
    const first = await createTask(projectId, { title: 'first' });
    const second = await createTask(projectId, { title: 'second' });
    expect((await move(base, doing.id, first.id)).statusCode).toBe(200);
    const full = await move(base, doing.id, second.id);
    expect(full.statusCode).toBe(412);
    expect(full.json().code).toBe(10004);
    expect(taskIds(await load(base), kanban.default_bucket_id)).toEqual([second.id]);
    const stay = await move(base, doing.id, first.id);
    expect(stay.statusCode).toBe(200);
    expect(stay.json().bucket.count).toBe(1);
    const created = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
      token: owner.token,
      body: { title: 'third', bucket_id: doing.id },
    });
    expect(created.statusCode).toBe(412);
    expect(created.json().code).toBe(10004);
  });

  it('refuses moves in a filter-mode view, whose buckets come from filters (10002)', async () => {
    const { projectId, kanban, base } = await board();
    const task = await createTask(projectId, { title: 'filtered' });
    const switched = await t.request('POST', `/api/v1/projects/${projectId}/views/${kanban.id}`, {
      token: owner.token,
      body: {
        title: 'Kanban',
        view_kind: 'kanban',
        bucket_configuration_mode: 'filter',
        bucket_configuration: [{ title: 'Urgent', filter: { filter: 'priority >= 4' } }],
      },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const res = await move(base, kanban.done_bucket_id, task.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(10002);
    expect((await t.request('GET', `/api/v1/tasks/${task.id}`, { token: owner.token })).json().done).toBe(
      false,
    );
  });

  it('answers 10002, 3014, 10001, 4002 and 403 for the wrong bucket, view, task or right', async () => {
    const { projectId, kanban, base } = await board();
    const other = await board('Foreign');
    const second = (
      await t.request('PUT', `/api/v1/projects/${projectId}/views`, {
        token: owner.token,
        body: { title: 'Second', view_kind: 'kanban' },
      })
    ).json() as View;
    const task = await createTask(projectId, { title: 'mover' });
    const foreignTask = await createTask(other.projectId, { title: 'elsewhere' });
    const strangerProject = (
      await t.request('PUT', '/api/v1/projects', { token: stranger.token, body: { title: 'Private' } })
    ).json();
    const privateTask = (
      await t.request('PUT', `/api/v1/projects/${strangerProject.id}/tasks`, {
        token: stranger.token,
        body: { title: 'secret' },
      })
    ).json();

    const expectCode = async (res: Awaited<ReturnType<typeof move>>, status: number, code: number) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    };
    await expectCode(await move(base, second.default_bucket_id, task.id), 400, 10002);
    await expectCode(await move(base, other.kanban.default_bucket_id, task.id), 404, 10001);
    await expectCode(
      await move(`/api/v1/projects/${other.projectId}/views/${kanban.id}`, kanban.default_bucket_id, task.id),
      404,
      3014,
    );
    await expectCode(await move(base, 999999, task.id), 404, 10001);
    await expectCode(await move(base, kanban.done_bucket_id, 999999), 404, 4002);
    await expectCode(await move(base, kanban.done_bucket_id, foreignTask.id), 400, 10002);
    expect((await move(base, kanban.done_bucket_id, privateTask.id)).statusCode).toBe(403);
    expect((await move(base, kanban.done_bucket_id, task.id, reader.token)).statusCode).toBe(403);
    expect((await move(base, kanban.done_bucket_id, task.id, stranger.token)).statusCode).toBe(403);
    // None of the refused moves touched the task.
    expect(taskIds(await load(base), kanban.default_bucket_id)).toEqual([task.id]);
    expect((await t.request('GET', `/api/v1/tasks/${task.id}`, { token: owner.token })).json().done).toBe(
      false,
    );
  });
});

/** A saved filter of the owner's, with its kanban view and that view's API path. */
async function savedFilterBoard(title: string, filter: string): Promise<{ kanban: View; base: string }> {
  const created = await t.request('PUT', '/api/v1/filters', {
    token: owner.token,
    body: { title, filters: { filter } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const pseudo = -(created.json().id + 1);
  const views = (
    await t.request('GET', `/api/v1/projects/${pseudo}/views`, { token: owner.token })
  ).json() as View[];
  const kanban = views.find((v) => v.view_kind === 'kanban')!;
  return { kanban, base: `/api/v1/projects/${pseudo}/views/${kanban.id}` };
}

describe('buckets of a saved filter', () => {
  it("are the filter owner's: listed, created and moved into across projects", async () => {
    const { projectId } = await board('Source');
    const { kanban, base } = await savedFilterBoard('Urgent', 'priority >= 3');
    const buckets = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json() as Bucket[];
    expect(buckets.map((b) => b.title)).toEqual(['To-Do', 'Doing', 'Done']);
    expect((await t.request('GET', `${base}/buckets`, { token: stranger.token })).statusCode).toBe(403);
    const created = await t.request('PUT', `${base}/buckets`, {
      token: owner.token,
      body: { title: 'Later' },
    });
    expect(created.statusCode, created.body).toBe(201);

    const task = await createTask(projectId, { title: 'urgent one', priority: 4 });
    const moved = await move(base, buckets[1].id, task.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      bucket_id: buckets[1].id,
      task: { id: task.id, bucket_id: buckets[1].id },
    });
    expect(taskIds(await load(base), buckets[1].id)).toEqual([task.id]);
    const done = await move(base, kanban.done_bucket_id, task.id);
    expect(done.json().task.done).toBe(true);
    expect((await move(base, buckets[1].id, task.id, stranger.token)).statusCode).toBe(403);
  });
});

describe("a saved filter's default bucket", () => {
  it('holds the tasks never placed on the board, paged like any bucket and named in their bucket_id', async () => {
    const { projectId } = await board('Unplaced source');
    const { kanban, base } = await savedFilterBoard('Unplaced', 'title like zqxunplaced');
    const tasks = [];
    for (const title of ['one', 'two', 'three'])
      tasks.push(await createTask(projectId, { title: `zqxunplaced ${title}` }));
    const buckets = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json() as Bucket[];
    const defaultId = kanban.default_bucket_id || buckets[0].id;
    // One placed elsewhere, two never placed.
    expect((await move(base, buckets[1].id, tasks[0].id)).statusCode).toBe(200);

    const boardNow = (await t.request('GET', `${base}/tasks?per_page=1`, { token: owner.token })).json();
    const first = boardNow.find((b: { id: number }) => b.id === defaultId);
    expect(first.count).toBe(2);
    expect(first.tasks.map((task: { bucket_id: number }) => task.bucket_id)).toEqual([defaultId]);
    const page = async (bucketId: number, n: number) =>
      (
        await t.request(
          'GET',
          `${base}/tasks?per_page=1&page=${n}&filter=${encodeURIComponent(`bucket_id = ${bucketId}`)}`,
          { token: owner.token },
        )
      ).json() as { id: number }[];
    const pages = [...(await page(defaultId, 1)), ...(await page(defaultId, 2))].map((task) => task.id);
    expect(pages.sort()).toEqual([tasks[1].id, tasks[2].id].sort());
    expect((await page(buckets[1].id, 1)).map((task) => task.id)).toEqual([tasks[0].id]);
    expect(await page(buckets[2].id, 1)).toEqual([]);
  });
});

describe('the order within a bucket', () => {
  it('follows the view positions through position changes, moves and re-spreads', async () => {
    const { projectId, kanban, base } = await board();
    const doing = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json()[1] as Bucket;
    const [a, b, c] = [
      await createTask(projectId, { title: 'a' }),
      await createTask(projectId, { title: 'b' }),
      await createTask(projectId, { title: 'c' }),
    ];
    const todo = async () => taskIds(await load(base), kanban.default_bucket_id);
    const setPosition = async (taskId: number, position: number) => {
      const res = await t.request('POST', `/api/v1/tasks/${taskId}/position`, {
        token: owner.token,
        body: { project_view_id: kanban.id, position },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    expect(await todo()).toEqual([c.id, b.id, a.id]);
    await setPosition(a.id, 1);
    expect(await todo()).toEqual([a.id, c.id, b.id]);
    // A move keeps the task's position: back in To-Do it sorts where it was.
    await move(base, doing.id, b.id);
    await move(base, kanban.default_bucket_id, b.id);
    expect(await todo()).toEqual([a.id, c.id, b.id]);
    await setPosition(b.id, 0.001);
    expect(await todo()).toEqual([b.id, a.id, c.id]);
    const filter = encodeURIComponent(`bucket_id = ${kanban.default_bucket_id}`);
    const page2 = await t.request('GET', `${base}/tasks?per_page=1&page=2&filter=${filter}`, {
      token: owner.token,
    });
    expect(page2.json().map((task: { id: number }) => task.id)).toEqual([a.id]);
  });

  it('lists tasks without a position in the view last, by id (a kanban view added later)', async () => {
    const { projectId } = await board();
    const first = await createTask(projectId, { title: 'first' });
    const second = await createTask(projectId, { title: 'second' });
    const added = (
      await t.request('PUT', `/api/v1/projects/${projectId}/views`, {
        token: owner.token,
        body: { title: 'Later board', view_kind: 'kanban' },
      })
    ).json() as View;
    const laterBase = `/api/v1/projects/${projectId}/views/${added.id}`;
    expect(taskIds(await load(laterBase), added.default_bucket_id)).toEqual([first.id, second.id]);
    const third = await createTask(projectId, { title: 'third' });
    expect(taskIds(await load(laterBase), added.default_bucket_id)).toEqual([third.id, first.id, second.id]);
  });
});

describe('bucket counts', () => {
  /** Each bucket's count, checked against the tasks the board lists in it (all fit one page). */
  async function counts(base: string): Promise<Record<string, number>> {
    const buckets = await load(base);
    for (const bucket of buckets) expect(bucket.count, bucket.title).toBe(bucket.tasks?.length ?? 0);
    return Object.fromEntries(buckets.map((b) => [b.title, b.count]));
  }

  it('follow every way a task enters or leaves a bucket', async () => {
    const { projectId, kanban, base } = await board('Counted');
    const doing = (await t.request('GET', `${base}/buckets`, { token: owner.token })).json()[1] as Bucket;
    const tasks = [];
    for (const title of ['a', 'b', 'c', 'd']) tasks.push(await createTask(projectId, { title }));
    expect(await counts(base)).toEqual({ 'To-Do': 4, Doing: 0, Done: 0 });

    expect((await move(base, doing.id, tasks[0].id)).statusCode).toBe(200);
    expect(await counts(base)).toEqual({ 'To-Do': 3, Doing: 1, Done: 0 });

    // Marked done by an update: into the done bucket.
    const done = await t.request('POST', `/api/v1/tasks/${tasks[1].id}`, {
      token: owner.token,
      body: { title: 'b', done: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await counts(base)).toEqual({ 'To-Do': 2, Doing: 1, Done: 1 });

    expect(
      (await t.request('DELETE', `/api/v1/tasks/${tasks[2].id}`, { token: owner.token })).statusCode,
    ).toBe(200);
    expect(await counts(base)).toEqual({ 'To-Do': 1, Doing: 1, Done: 1 });

    // Moved to another project: it leaves this board and lands on the other one.
    const other = await board('Elsewhere');
    const moved = await t.request('POST', `/api/v1/tasks/${tasks[3].id}`, {
      token: owner.token,
      body: { title: 'd', project_id: other.projectId },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await counts(base)).toEqual({ 'To-Do': 0, Doing: 1, Done: 1 });
    expect(await counts(other.base)).toEqual({ 'To-Do': 1, Doing: 0, Done: 0 });

    // A deleted bucket hands its tasks (and their count) to the default bucket.
    expect(
      (await t.request('DELETE', `${base}/buckets/${doing.id}`, { token: owner.token })).statusCode,
    ).toBe(200);
    expect(await counts(base)).toEqual({ 'To-Do': 1, Done: 1 });
    expect(kanban.default_bucket_id).toBeGreaterThan(0);
  });

  it('start from the tasks already there when a kanban view is added', async () => {
    const res = await t.request('PUT', '/api/v1/projects', {
      token: owner.token,
      body: { title: 'Late board' },
    });
    const project = res.json() as { id: number };
    for (const title of ['x', 'y']) await createTask(project.id, { title });
    const added = await t.request('PUT', `/api/v1/projects/${project.id}/views`, {
      token: owner.token,
      body: { title: 'Second board', view_kind: 'kanban', bucket_configuration_mode: 'manual' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const base = `/api/v1/projects/${project.id}/views/${added.json().id}`;
    expect(await counts(base)).toEqual({ 'To-Do': 2, Doing: 0, Done: 0 });
  });
});

describe('ordering and paging boards built from filters', () => {
  it("reorders cards inside a bucket of a saved filter's board", async () => {
    const { projectId } = await board('Filtered source');
    const filter = await t.request('PUT', '/api/v1/filters', {
      token: owner.token,
      body: { title: 'Reorder', filters: { filter: `priority >= 2 && project = ${projectId}` } },
    });
    expect(filter.statusCode, filter.body).toBe(201);
    const pseudo = -(filter.json().id + 1);
    const views = (
      await t.request('GET', `/api/v1/projects/${pseudo}/views`, { token: owner.token })
    ).json() as View[];
    const kanban = views.find((v) => v.view_kind === 'kanban')!;
    const base = `/api/v1/projects/${pseudo}/views/${kanban.id}`;
    const [a, b, c] = [
      await createTask(projectId, { title: 'fa', priority: 2 }),
      await createTask(projectId, { title: 'fb', priority: 3 }),
      await createTask(projectId, { title: 'fc', priority: 4 }),
    ];
    // In the order the kanban screen asks for.
    const bucketOf = async () =>
      (await load(base, '&sort_by[]=position&order_by[]=asc')).find((bk) => (bk.tasks ?? []).length > 0)!;
    const before = (await bucketOf()).tasks!.map((task) => task.id);
    expect(before.sort()).toEqual([a.id, b.id, c.id].sort());
    for (const [taskId, position] of [
      [c.id, 100],
      [a.id, 200],
      [b.id, 300],
    ]) {
      const res = await t.request('POST', `/api/v1/tasks/${taskId}/position`, {
        token: owner.token,
        body: { project_view_id: kanban.id, position },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await bucketOf()).tasks!.map((task) => task.id)).toEqual([c.id, a.id, b.id]);
    // Moved between two placed cards: it sorts there.
    const between = await t.request('POST', `/api/v1/tasks/${b.id}/position`, {
      token: owner.token,
      body: { project_view_id: kanban.id, position: 150 },
    });
    expect(between.statusCode, between.body).toBe(200);
    expect((await bucketOf()).tasks!.map((task) => task.id)).toEqual([c.id, b.id, a.id]);
  });

  it('pages one bucket of a filter-mode board with an extra filter', async () => {
    const { projectId, kanban, base } = await board('Filter mode paging');
    const switched = await t.request('POST', `/api/v1/projects/${projectId}/views/${kanban.id}`, {
      token: owner.token,
      body: {
        title: 'Kanban',
        view_kind: 'kanban',
        bucket_configuration_mode: 'filter',
        bucket_configuration: [
          { title: 'Urgent', filter: { filter: 'priority >= 4' } },
          { title: 'Rest', filter: { filter: 'priority < 4' } },
        ],
      },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    for (const [title, priority] of [
      ['u1 alpha', 4],
      ['u2 beta', 5],
      ['u3 alpha', 4],
      ['r1 alpha', 1],
    ] as const) {
      await createTask(projectId, { title, priority });
    }
    const buckets = await load(base);
    expect(buckets.map((bk) => bk.count)).toEqual([3, 1]);
    const urgent = buckets[0].id;
    const query = (extra: string, page: number) =>
      t.request(
        'GET',
        `${base}/tasks?per_page=1&page=${page}&filter=${encodeURIComponent(`bucket_id = ${urgent} && ${extra}`)}`,
        { token: owner.token },
      );
    const titles: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await query('priority = 4', page);
      expect(res.statusCode, res.body).toBe(200);
      titles.push(...res.json().map((task: { title: string }) => task.title));
    }
    expect(titles.sort()).toEqual(['u1 alpha', 'u3 alpha']);
    const searched = await t.request(
      'GET',
      `${base}/tasks?per_page=25&page=2&s=alpha&filter=${encodeURIComponent(`bucket_id = ${urgent} && done = false`)}`,
      { token: owner.token },
    );
    expect(searched.statusCode, searched.body).toBe(200);
  });
});
