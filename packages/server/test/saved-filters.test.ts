import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let stranger: { token: string; id: number };
let alpha: number;
let beta: number;
let foreign: number;

interface View {
  id: number;
  title: string;
  view_kind: string;
  project_id: number;
}

async function createProject(token: string, title: string): Promise<number> {
  const res = await t.request('PUT', '/api/v1/projects', { token, body: { title } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function createTask(
  token: string,
  projectId: number,
  title: string,
  body: Record<string, unknown> = {},
) {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
    token,
    body: { title, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

async function createFilter(body: Record<string, unknown>, token = owner.token) {
  const res = await t.request('PUT', '/api/v1/filters', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string; filters: Record<string, unknown> };
}

async function viewsOf(projectId: number, token = owner.token): Promise<View[]> {
  const res = await t.request('GET', `/api/v1/projects/${projectId}/views`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function tasksThrough(projectId: number, viewTitle: string, query = '', token = owner.token) {
  const view = (await viewsOf(projectId)).find((v) => v.title === viewTitle)!;
  return t.request('GET', `/api/v1/projects/${projectId}/views/${view.id}/tasks${query}`, { token });
}

function titles(res: { json(): unknown }): string[] {
  return (res.json() as { title: string }[]).map((task) => task.title);
}

const pseudoId = (filterId: number) => -filterId - 1;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('filterowner');
  stranger = await t.signUp('filterstranger');
  alpha = await createProject(owner.token, 'Alpha');
  beta = await createProject(owner.token, 'Beta');
  foreign = await createProject(stranger.token, 'Foreign');
  await createTask(owner.token, alpha, 'alpha urgent', { priority: 4 });
  await createTask(owner.token, alpha, 'alpha low', { priority: 1 });
  await createTask(owner.token, alpha, 'alpha high done', { priority: 3, done: true });
  await createTask(owner.token, beta, 'beta high', { priority: 3, description: 'needs review' });
  await createTask(owner.token, beta, 'beta due in July', { due_date: '2026-07-15T03:00:00Z' });
  await createTask(stranger.token, foreign, 'foreign urgent', { priority: 5 });
});
afterAll(async () => t.close());

describe('the saved filter every new user gets', () => {
  it('is "My Open Tasks": undone tasks assigned to the new user', async () => {
    const newcomer = await t.signUp('newcomer');
    const projects = (await t.request('GET', '/api/v1/projects', { token: newcomer.token })).json();
    const filters = projects.filter((p: { id: number }) => p.id < -1);
    expect(filters.map((p: { title: string }) => p.title)).toEqual(['My Open Tasks']);
    const filter = await t.request('GET', `/api/v1/filters/${-filters[0].id - 1}`, { token: newcomer.token });
    expect(filter.json().filters).toMatchObject({ filter: 'done = false && assignees = newcomer' });

    const inbox = projects.find((p: { title: string }) => p.title === 'Inbox').id;
    const mine = await createTask(newcomer.token, inbox, 'assigned to me');
    await createTask(newcomer.token, inbox, 'nobody’s');
    const finished = await createTask(newcomer.token, inbox, 'assigned but done', { done: true });
    for (const task of [mine, finished]) {
      const add = await t.request('PUT', `/api/v1/tasks/${task.id}/assignees`, {
        token: newcomer.token,
        body: { user_id: newcomer.id },
      });
      expect(add.statusCode, add.body).toBe(201);
    }
    const table = await t.request('GET', `/api/v1/projects/${filters[0].id}/tasks`, {
      token: newcomer.token,
    });
    expect(titles(table)).toEqual(['assigned to me']);
  });
});

describe('creating saved filters', () => {
  it('creates with PUT and fills the spec defaults for left-out filter keys', async () => {
    const res = await t.request('PUT', '/api/v1/filters', {
      token: owner.token,
      body: { title: 'Defaults' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const filter = res.json();
    expect(filter).toMatchObject({
      title: 'Defaults',
      description: '',
      is_favorite: false,
      owner: { id: owner.id, username: 'filterowner' },
      filters: {
        s: '',
        sort_by: ['done', 'id'],
        order_by: ['asc', 'desc'],
        filter: 'done = false',
        filter_include_nulls: true,
      },
    });
    expect(filter.id).toBeGreaterThan(0);
    expect(filter.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('creates with POST too, keeping the filter values sent', async () => {
    const res = await t.request('POST', '/api/v1/filters', {
      token: owner.token,
      body: {
        title: 'Posted',
        description: 'via POST',
        is_favorite: true,
        filters: {
          filter: 'priority >= 3',
          filter_include_nulls: false,
          sort_by: ['priority'],
          order_by: ['desc'],
        },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Posted',
      description: 'via POST',
      is_favorite: true,
      filters: {
        filter: 'priority >= 3',
        filter_include_nulls: false,
        sort_by: ['priority'],
        order_by: ['desc'],
      },
    });
  });

  it('needs a title (412 with the invalid field)', async () => {
    const res = await t.request('PUT', '/api/v1/filters', { token: owner.token, body: { filters: {} } });
    expect(res.statusCode).toBe(412);
    expect(res.json()).toMatchObject({ code: 2002, invalid_fields: ['title: non zero value required'] });
  });

  it('rejects bad filter expressions, fields, values and sort parameters with their codes', async () => {
    const cases: [Record<string, unknown>, number, number][] = [
      [{ filter: 'nonsense = 1' }, 400, 4016],
      [{ filter: 'due_date > invalid' }, 400, 4019],
      [{ filter: 'priority >= 3 &&' }, 400, 4024],
      [{ filter: 'done = false', sort_by: ['loremipsum'] }, 400, 4016],
      [{ filter: 'done = false', sort_by: ['id'], order_by: ['sideways'] }, 400, 4014],
      [{ filter: 'done = false', filter_timezone: 'Mars/Olympus_Mons' }, 400, 2003],
    ];
    for (const [filters, status, code] of cases) {
      const res = await t.request('PUT', '/api/v1/filters', {
        token: owner.token,
        body: { title: 'Bad', filters },
      });
      expect(res.statusCode, JSON.stringify(filters)).toBe(status);
      expect(res.json().code, JSON.stringify(filters)).toBe(code);
    }
  });
});

describe('reading, updating and deleting saved filters', () => {
  it('lets only the owner read, with the admin right in the headers', async () => {
    const filter = await createFilter({ title: 'Mine', filters: { filter: 'priority > 2' } });
    const res = await t.request('GET', `/api/v1/filters/${filter.id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-max-permission']).toBe('2');
    expect(res.json()).toMatchObject({ id: filter.id, title: 'Mine', filters: { filter: 'priority > 2' } });
    const other = await t.request('GET', `/api/v1/filters/${filter.id}`, { token: stranger.token });
    expect(other.statusCode).toBe(403);
  });

  it('answers 11001 for a filter that does not exist', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', { title: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.request(method, '/api/v1/filters/999999', { token: owner.token, body });
      expect(res.statusCode, method).toBe(404);
      expect(res.json()).toEqual({ code: 11001, message: 'This saved filter does not exist.' });
    }
  });

  it('updates title, description and favourite, keeping the filters when none are sent', async () => {
    const filter = await createFilter({
      title: 'Before',
      description: 'old',
      filters: { filter: 'priority = 4' },
    });
    const res = await t.request('POST', `/api/v1/filters/${filter.id}`, {
      token: owner.token,
      body: { title: 'After', is_favorite: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'After', description: '', is_favorite: true });
    expect(res.json().filters.filter).toBe('priority = 4');
    const changed = await t.request('POST', `/api/v1/filters/${filter.id}`, {
      token: owner.token,
      body: { title: 'After', filters: { filter: 'priority = 1', sort_by: ['id'], order_by: ['desc'] } },
    });
    expect(changed.json().filters).toMatchObject({
      filter: 'priority = 1',
      sort_by: ['id'],
      order_by: ['desc'],
    });
    const read = await t.request('GET', `/api/v1/filters/${filter.id}`, { token: owner.token });
    expect(read.json().filters.filter).toBe('priority = 1');
  });

  it('refuses updates and deletes by anyone but the owner', async () => {
    const filter = await createFilter({ title: 'Guarded' });
    const update = await t.request('POST', `/api/v1/filters/${filter.id}`, {
      token: stranger.token,
      body: { title: 'Taken over' },
    });
    expect(update.statusCode).toBe(403);
    const remove = await t.request('DELETE', `/api/v1/filters/${filter.id}`, { token: stranger.token });
    expect(remove.statusCode).toBe(403);
    const read = await t.request('GET', `/api/v1/filters/${filter.id}`, { token: owner.token });
    expect(read.json().title).toBe('Guarded');
  });

  it('deletes the filter together with its views', async () => {
    const filter = await createFilter({ title: 'Short-lived' });
    const views = await viewsOf(pseudoId(filter.id));
    expect(views).toHaveLength(4);
    const res = await t.request('DELETE', `/api/v1/filters/${filter.id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Successfully deleted.' });
    expect((await t.request('GET', `/api/v1/filters/${filter.id}`, { token: owner.token })).json().code).toBe(
      11001,
    );
    const gone = await t.request('GET', `/api/v1/projects/${pseudoId(filter.id)}/views/${views[0].id}`, {
      token: owner.token,
    });
    expect(gone.json().code).toBe(11001);
    const projects = (await t.request('GET', '/api/v1/projects', { token: owner.token })).json();
    expect(projects.map((p: { id: number }) => p.id)).not.toContain(pseudoId(filter.id));
  });
});

describe('saved filters and link shares', () => {
  it('answers 11002 on every saved-filter route and lists no pseudo projects', async () => {
    const filter = await createFilter({ title: 'Not for shares' });
    const share = await t.request('PUT', `/api/v1/projects/${alpha}/shares`, {
      token: owner.token,
      body: { right: 2 },
    });
    expect(share.statusCode, share.body).toBe(201);
    const auth = await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} });
    const token = auth.json().token as string;
    for (const [method, url, body] of [
      ['PUT', '/api/v1/filters', { title: 'x' }],
      ['POST', '/api/v1/filters', { title: 'x' }],
      ['GET', `/api/v1/filters/${filter.id}`, undefined],
      ['POST', `/api/v1/filters/${filter.id}`, { title: 'x' }],
      ['DELETE', `/api/v1/filters/${filter.id}`, undefined],
      ['GET', `/api/v1/projects/${pseudoId(filter.id)}`, undefined],
    ] as const) {
      const res = await t.request(method, url, { token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(412);
      expect(res.json().code, `${method} ${url}`).toBe(11002);
    }
    const projects = (await t.request('GET', '/api/v1/projects', { token })).json();
    expect(projects.map((p: { id: number }) => p.id)).toEqual([alpha]);
  });
});

describe('the pseudo project', () => {
  it('appears in GET /projects as -(id + 1) with four views, for the owner only', async () => {
    const filter = await createFilter({ title: 'Pseudo', description: 'shown as a project' });
    const res = await t.request('GET', '/api/v1/projects?expand=permissions', { token: owner.token });
    expect(res.statusCode).toBe(200);
    const project = res.json().find((p: { id: number }) => p.id === pseudoId(filter.id));
    expect(project).toMatchObject({
      id: pseudoId(filter.id),
      title: 'Pseudo',
      description: 'shown as a project',
      identifier: '',
      parent_project_id: 0,
      is_archived: false,
      owner: { username: 'filterowner' },
      max_right: 2,
    });
    expect(project.views.map((v: View) => [v.title, v.view_kind, v.project_id])).toEqual([
      ['List', 'list', pseudoId(filter.id)],
      ['Gantt', 'gantt', pseudoId(filter.id)],
      ['Table', 'table', pseudoId(filter.id)],
      ['Kanban', 'kanban', pseudoId(filter.id)],
    ]);
    expect(res.headers['x-pagination-total-pages']).toBe('1');
    const theirs = (await t.request('GET', '/api/v1/projects', { token: stranger.token })).json();
    expect(theirs.map((p: { title: string }) => p.title)).toEqual(['Inbox', 'Foreign', 'My Open Tasks']);
  });

  it('is read and renamed through /projects/{id}, and only by the owner', async () => {
    const filter = await createFilter({ title: 'Renamable', filters: { filter: 'priority = 3' } });
    const id = pseudoId(filter.id);
    const read = await t.request('GET', `/api/v1/projects/${id}`, { token: owner.token });
    expect(read.statusCode).toBe(200);
    expect(read.headers['x-max-right']).toBe('2');
    expect(read.json()).toMatchObject({ id, title: 'Renamable' });
    expect((await t.request('GET', `/api/v1/projects/${id}`, { token: stranger.token })).statusCode).toBe(
      403,
    );
    const renamed = await t.request('POST', `/api/v1/projects/${id}`, {
      token: owner.token,
      body: { title: 'Renamed', description: 'new words', is_favorite: true },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id, title: 'Renamed', is_favorite: true });
    const stored = (await t.request('GET', `/api/v1/filters/${filter.id}`, { token: owner.token })).json();
    expect(stored).toMatchObject({ title: 'Renamed', description: 'new words', is_favorite: true });
    expect(stored.filters.filter).toBe('priority = 3');
    const missing = await t.request('GET', '/api/v1/projects/-999999', { token: owner.token });
    expect(missing.json().code).toBe(11001);
  });

  it('has views that only the owner reads and manages', async () => {
    const filter = await createFilter({ title: 'Viewed' });
    const id = pseudoId(filter.id);
    expect(
      (await t.request('GET', `/api/v1/projects/${id}/views`, { token: stranger.token })).statusCode,
    ).toBe(403);
    const created = await t.request('PUT', `/api/v1/projects/${id}/views`, {
      token: owner.token,
      body: { title: 'Extra', view_kind: 'table' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().project_id).toBe(id);
    const refused = await t.request('PUT', `/api/v1/projects/${id}/views`, {
      token: stranger.token,
      body: { title: 'Intruder' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await viewsOf(id)).map((v) => v.title)).toEqual(['List', 'Gantt', 'Table', 'Kanban', 'Extra']);
  });
});

describe('tasks through a saved filter', () => {
  it('lists matching tasks from every project the owner sees, with the saved order', async () => {
    const filter = await createFilter({
      title: 'Important',
      filters: {
        filter: 'priority >= 3',
        filter_include_nulls: false,
        sort_by: ['priority'],
        order_by: ['desc'],
      },
    });
    // Unlike a project's, a saved filter's List view does not hide done tasks (reference §4.13):
    // the filter itself says which tasks it holds.
    const table = await tasksThrough(pseudoId(filter.id), 'Table');
    expect(table.statusCode, table.body).toBe(200);
    expect(titles(table)).toEqual(['alpha urgent', 'alpha high done', 'beta high']);
    expect(titles(await tasksThrough(pseudoId(filter.id), 'List'))).toEqual([
      'alpha urgent',
      'alpha high done',
      'beta high',
    ]);
    const flat = await t.request('GET', `/api/v1/projects/${pseudoId(filter.id)}/tasks`, {
      token: owner.token,
    });
    expect(titles(flat)).toEqual(['alpha urgent', 'alpha high done', 'beta high']);
  });

  it('lists a filter for done tasks in its List view, whose own filter is empty', async () => {
    const filter = await createFilter({ title: 'Finished', filters: { filter: 'done = true' } });
    const list = (await viewsOf(pseudoId(filter.id))).find((v) => v.view_kind === 'list') as View & {
      filter: unknown;
    };
    expect(list.filter).toBeNull();
    expect(titles(await tasksThrough(pseudoId(filter.id), 'List'))).toEqual(['alpha high done']);
    // A project's List view still hides done tasks.
    expect(titles(await tasksThrough(alpha, 'List'))).not.toContain('alpha high done');
  });

  it('ANDs the request filter with the saved one and puts the request order first', async () => {
    const filter = await createFilter({
      title: 'Composed',
      filters: {
        filter: 'priority >= 1',
        filter_include_nulls: false,
        sort_by: ['priority'],
        order_by: ['desc'],
      },
    });
    const narrowed = await tasksThrough(pseudoId(filter.id), 'Table', '?filter=priority%20%3C%204');
    expect(titles(narrowed)).toEqual(['alpha high done', 'beta high', 'alpha low']);
    const reordered = await tasksThrough(pseudoId(filter.id), 'Table', '?sort_by=title&order_by=asc');
    expect(titles(reordered)).toEqual(['alpha high done', 'alpha low', 'alpha urgent', 'beta high']);
  });

  it('pages a view by position, tasks without a position in it following by id', async () => {
    const filter = await createFilter({
      title: 'Paged',
      filters: { filter: 'priority >= 1', filter_include_nulls: false, sort_by: [], order_by: [] },
    });
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await tasksThrough(pseudoId(filter.id), 'Table', `?per_page=2&page=${page}`);
      if (page === 1) expect(res.headers['x-pagination-total-pages']).toBe('2');
      pages.push(titles(res));
    }
    expect(pages).toEqual([['alpha urgent', 'alpha low'], ['alpha high done', 'beta high'], []]);
  });

  it('lets its owner order tasks in its views by position, and no one else', async () => {
    const filter = await createFilter({
      title: 'Ordered',
      filters: { filter: 'priority >= 1', filter_include_nulls: false, sort_by: [], order_by: [] },
    });
    const list = (await viewsOf(pseudoId(filter.id))).find((v) => v.title === 'List')!;
    const before = titles(await tasksThrough(pseudoId(filter.id), 'List'));
    const last = (await tasksThrough(pseudoId(filter.id), 'List')).json().at(-1) as {
      id: number;
      title: string;
    };
    const moved = await t.request('POST', `/api/v1/tasks/${last.id}/position`, {
      token: owner.token,
      body: { project_view_id: list.id, position: 10 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ task_id: last.id, project_view_id: list.id, position: 10 });
    const after = titles(await tasksThrough(pseudoId(filter.id), 'List'));
    expect(after).toEqual([last.title, ...before.filter((title) => title !== last.title)]);
    // Below 0.01 the placed tasks are spread evenly again, the moved one still first.
    const respread = await t.request('POST', `/api/v1/tasks/${last.id}/position`, {
      token: owner.token,
      body: { project_view_id: list.id, position: 0.001 },
    });
    expect(respread.json().position).toBeGreaterThan(1);
    expect(titles(await tasksThrough(pseudoId(filter.id), 'List'))).toEqual(after);
    // The stranger cannot write the task, and a view of someone else's filter is not theirs.
    const foreignMove = await t.request('POST', `/api/v1/tasks/${last.id}/position`, {
      token: stranger.token,
      body: { project_view_id: list.id, position: 5 },
    });
    expect(foreignMove.statusCode).toBe(403);
    const theirs = await createFilter(
      { title: 'Theirs', filters: { filter: 'done = false' } },
      stranger.token,
    );
    const theirList = (await viewsOf(pseudoId(theirs.id), stranger.token)).find((v) => v.title === 'List')!;
    const intoTheirs = await t.request('POST', `/api/v1/tasks/${last.id}/position`, {
      token: owner.token,
      body: { project_view_id: theirList.id, position: 5 },
    });
    expect(intoTheirs.statusCode).toBe(403);
  });

  it('limits to the projects named with project in …', async () => {
    const filter = await createFilter({
      title: 'Only beta',
      filters: { filter: `project in ${beta}, ${foreign}`, filter_include_nulls: false, sort_by: ['id'] },
    });
    // The stranger's project is named but not visible to the owner, so its task stays out.
    expect(titles(await tasksThrough(pseudoId(filter.id), 'Table'))).toEqual([
      'beta high',
      'beta due in July',
    ]);
  });

  it('applies its own search text', async () => {
    const filter = await createFilter({
      title: 'Review',
      filters: { filter: '', s: 'review', sort_by: ['id'] },
    });
    expect(titles(await tasksThrough(pseudoId(filter.id), 'Table'))).toEqual(['beta high']);
  });

  it('reads dates in the owner\u2019s time zone when the filter has none', async () => {
    const filter = await createFilter({
      title: 'Before mid-July',
      filters: { filter: 'due_date < 2026-07-15', filter_include_nulls: false, sort_by: ['id'] },
    });
    // In UTC the task (03:00Z on the 15th) is not before the 15th.
    expect(titles(await tasksThrough(pseudoId(filter.id), 'Table'))).toEqual([]);
    const general = (await t.request('GET', '/api/v1/user/settings/general', { token: owner.token })).json();
    const saved = await t.request('POST', '/api/v1/user/settings/general', {
      token: owner.token,
      body: { ...general, timezone: 'America/Los_Angeles' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // Midnight in Los Angeles is 07:00Z, so now it is.
    expect(titles(await tasksThrough(pseudoId(filter.id), 'Table'))).toEqual(['beta due in July']);
    const own = await createFilter({
      title: 'Explicit zone',
      filters: { filter: 'due_date < 2026-07-15', filter_timezone: 'UTC', filter_include_nulls: false },
    });
    expect(own.filters.filter_timezone).toBe('UTC');
    expect(titles(await tasksThrough(pseudoId(own.id), 'Table'))).toEqual([]);
  });

  it('answers its kanban view as buckets, matching tasks in the default bucket', async () => {
    const filter = await createFilter({
      title: 'Board',
      filters: { filter: 'priority >= 3', filter_include_nulls: false, sort_by: ['id'] },
    });
    const res = await tasksThrough(pseudoId(filter.id), 'Kanban');
    expect(res.statusCode, res.body).toBe(200);
    const buckets = res.json() as { title: string; count: number; tasks: { title: string }[] }[];
    expect(buckets.map((b) => [b.title, b.count])).toEqual([
      ['To-Do', 3],
      ['Doing', 0],
      ['Done', 0],
    ]);
    expect(buckets[0].tasks.map((task) => task.title)).toEqual([
      'alpha urgent',
      'alpha high done',
      'beta high',
    ]);
  });

  it('orders a bucket of its board by the positions placed in it, unplaced cards after by id', async () => {
    const filter = await createFilter({
      title: 'Sorted board',
      filters: { filter: 'priority >= 3', filter_include_nulls: false, sort_by: [], order_by: [] },
    });
    const kanban = (await viewsOf(pseudoId(filter.id))).find((v) => v.title === 'Kanban')!;
    const cards = async () => {
      const res = await tasksThrough(pseudoId(filter.id), 'Kanban');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json()[0].tasks as { id: number; position: number }[]).map((c) => [c.id, c.position]);
    };
    // Nothing placed yet: every card answers position 0, in id order.
    const before = await cards();
    expect(before.map(([, position]) => position)).toEqual([0, 0, 0]);
    const [a, b, c] = before.map(([id]) => id);
    // The web app moves c between a and b: a is placed first, then c after it.
    for (const [id, position] of [
      [a, 65536],
      [c, 131072],
    ]) {
      const res = await t.request('POST', `/api/v1/tasks/${id}/position`, {
        token: owner.token,
        body: { project_view_id: kanban.id, position },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await cards()).toEqual([
      [a, 65536],
      [c, 131072],
      [b, 0],
    ]);
  });

  it('is refused to other users and unknown views', async () => {
    const filter = await createFilter({ title: 'Private list' });
    const res = await tasksThrough(pseudoId(filter.id), 'List', '', stranger.token);
    expect(res.statusCode).toBe(403);
    const wrongView = await t.request('GET', `/api/v1/projects/${pseudoId(filter.id)}/views/999999/tasks`, {
      token: owner.token,
    });
    expect(wrongView.statusCode).toBe(404);
    expect(wrongView.json().code).toBe(3014);
  });
});
