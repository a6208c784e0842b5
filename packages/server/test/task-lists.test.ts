import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let stranger: { token: string; id: number };
let project: { id: number; views: { id: number; title: string; view_kind: string }[] };
let other: { id: number };
const ids: Record<string, number> = {};

async function createTask(title: string, body: Record<string, unknown> = {}, projectId = project.id) {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
    token: owner.token,
    body: { title, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[title] = res.json().id;
  return res.json();
}

async function list(url: string, token = owner.token) {
  const res = await t.request('GET', url, { token });
  return res;
}

function titles(res: { json(): unknown }) {
  return (res.json() as { title: string }[]).map((task) => task.title);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('listowner');
  stranger = await t.signUp('liststranger');
  project = (
    await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Listed' } })
  ).json();
  other = (
    await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Other' } })
  ).json();
  await createTask('Landingpages update', {
    description: 'about the branding',
    priority: 1,
    due_date: '2018-12-01T10:00:00Z',
  });
  await createTask('unique thing', {
    description: 'a UNIQUE description',
    priority: 5,
    due_date: '2018-11-30T22:25:24Z',
  });
  await createTask('done task', { done: true, priority: 3 });
  await createTask('no dates', { percent_done: 0.8 });
  await createTask('start later', { start_date: '2018-12-11T05:00:00Z', end_date: '2018-12-20T00:00:00Z' });
  await createTask('in other project', { due_date: '2018-12-02T22:25:24Z' }, other.id);
  await createTask('favourite', { is_favorite: true });
});
afterAll(async () => t.close());

describe('GET /tasks/all', () => {
  it('lists every visible task ordered by id, with pagination headers', async () => {
    const res = await list('/api/v1/tasks/all');
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual([
      'Landingpages update',
      'unique thing',
      'done task',
      'no dates',
      'start later',
      'in other project',
      'favourite',
    ]);
    expect(res.headers['x-pagination-result-count']).toBe('7');
    const alias = await list('/api/v1/tasks');
    expect(titles(alias)).toEqual(titles(res));
  });

  it('pages with page and per_page', async () => {
    const res = await list('/api/v1/tasks/all?per_page=3&page=3');
    expect(titles(res)).toEqual(['favourite']);
    expect(res.headers['x-pagination-total-pages']).toBe('3');
    const empty = await list('/api/v1/tasks/all?per_page=3&page=9');
    expect(empty.json()).toEqual([]);
    expect(empty.headers['x-pagination-total-pages']).toBe('0');
  });

  it('counts the pages of a list view through its own filter, and through a filter on positions', async () => {
    const listView = project.views.find((v) => v.view_kind === 'list')!;
    const base = `/api/v1/projects/${project.id}/views/${listView.id}/tasks?per_page=2`;
    // Six tasks in the project, one of them done: the view's `done = false` leaves five, newest first.
    const res = await list(base);
    expect(titles(res)).toEqual(['favourite', 'start later']);
    expect(res.headers['x-pagination-total-pages']).toBe('3');
    const placed = await list(`${base}&filter=${encodeURIComponent('position > 0')}`);
    expect(placed.headers['x-pagination-total-pages']).toBe('3');
    const none = await list(`${base}&filter=${encodeURIComponent('position < 0')}`);
    expect(none.headers['x-pagination-total-pages']).toBe('0');
  });

  it('shows a stranger none of it', async () => {
    const res = await list('/api/v1/tasks/all', stranger.token);
    expect(res.json()).toEqual([]);
  });

  it('leaves out tasks of archived projects', async () => {
    const archived = (
      await t.request('PUT', '/api/v1/projects', { token: stranger.token, body: { title: 'Gone' } })
    ).json();
    await t.request('PUT', `/api/v1/projects/${archived.id}/tasks`, {
      token: stranger.token,
      body: { title: 'hidden' },
    });
    await t.request('POST', `/api/v1/projects/${archived.id}`, {
      token: stranger.token,
      body: { title: 'Gone', is_archived: true },
    });
    expect((await list('/api/v1/tasks/all', stranger.token)).json()).toEqual([]);
    const direct = await list(`/api/v1/projects/${archived.id}/tasks`, stranger.token);
    expect(titles(direct)).toEqual(['hidden']);
  });
});

describe('search', () => {
  it('matches title and description ignoring case, and #index', async () => {
    expect(titles(await list('/api/v1/tasks/all?s=uNIQue'))).toEqual(['unique thing']);
    expect(titles(await list('/api/v1/tasks/all?s=LANDING'))).toEqual(['Landingpages update']);
    expect(titles(await list('/api/v1/tasks/all?s=branding'))).toEqual(['Landingpages update']);
    expect(titles(await list(`/api/v1/projects/${project.id}/tasks?s=%232`))).toEqual(['unique thing']);
    expect(titles(await list('/api/v1/tasks/all?s=%25'))).toEqual([]);
  });
});

describe('sorting', () => {
  it('sorts by several fields with nulls last and id as the tie-breaker', async () => {
    const byDue = titles(await list(`/api/v1/projects/${project.id}/tasks?sort_by=due_date`));
    expect(byDue.slice(0, 2)).toEqual(['unique thing', 'Landingpages update']);
    const byDueDesc = titles(
      await list(`/api/v1/projects/${project.id}/tasks?sort_by=due_date&order_by=desc`),
    );
    expect(byDueDesc.slice(0, 2)).toEqual(['Landingpages update', 'unique thing']);
    expect(byDueDesc.slice(2)).toEqual(['done task', 'no dates', 'start later', 'favourite']);
    const byPriority = titles(
      await list(
        `/api/v1/projects/${project.id}/tasks?sort_by[]=priority&sort_by[]=id&order_by[]=desc&order_by[]=desc`,
      ),
    );
    expect(byPriority).toEqual([
      'unique thing',
      'done task',
      'Landingpages update',
      'favourite',
      'start later',
      'no dates',
    ]);
  });

  it('rejects unknown fields (4016), orders (4014), stray orders (4013) and position without a view (4026)', async () => {
    const field = await list('/api/v1/tasks/all?sort_by=loremipsum');
    expect(field.statusCode).toBe(400);
    expect(field.json()).toEqual({ code: 4016, message: "The task field 'loremipsum' is invalid." });
    const order = await list('/api/v1/tasks/all?sort_by=id&order_by=loremipsum');
    expect(order.json().code).toBe(4014);
    const stray = await list('/api/v1/tasks/all?sort_by=id&order_by=asc&order_by=desc');
    expect(stray.json().code).toBe(4013);
    const position = await list('/api/v1/tasks/all?sort_by=position');
    expect(position.json().code).toBe(4026);
    // The favourites pseudo project without a view too; through one of its views, position is dropped.
    expect((await list('/api/v1/projects/-1/tasks?sort_by=position')).json().code).toBe(4026);
    expect((await list('/api/v1/projects/-1/views/-1/tasks?sort_by=position')).statusCode).toBe(200);
    const ignored = await list('/api/v1/tasks/all?sort=whatever');
    expect(ignored.statusCode).toBe(200);
  });
});

describe('filters', () => {
  it('filters in SQL with and/or left to right', async () => {
    expect(titles(await list(`/api/v1/tasks/all?filter=${encodeURIComponent('done = true')}`))).toEqual([
      'done task',
    ]);
    expect(
      titles(await list(`/api/v1/tasks/all?filter=${encodeURIComponent('priority >= 3 && done = false')}`)),
    ).toEqual(['unique thing']);
    // (priority = 1 || priority = 5) && done = false, read strictly left to right.
    expect(
      titles(
        await list(
          `/api/v1/tasks/all?filter=${encodeURIComponent('priority = 1 || priority = 5 && done = false')}`,
        ),
      ),
    ).toEqual(['Landingpages update', 'unique thing']);
    expect(
      titles(await list(`/api/v1/tasks/all?filter=${encodeURIComponent('title like landing')}`)),
    ).toEqual(['Landingpages update']);
    expect(
      titles(await list(`/api/v1/tasks/all?filter=${encodeURIComponent(`project in ${other.id}`)}`)),
    ).toEqual(['in other project']);
    expect(titles(await list(`/api/v1/tasks/all?filter=${encodeURIComponent('percent_done > 50')}`))).toEqual(
      ['no dates'],
    );
  });

  it('compares dates in the filter time zone and includes nulls on request', async () => {
    const filter = encodeURIComponent(
      "start_date > '2018-12-11T03:46:40+00:00' || due_date > '2018-11-30T23:00:00+00:00'",
    );
    expect(titles(await list(`/api/v1/tasks/all?filter=${filter}`))).toEqual([
      'Landingpages update',
      'start later',
      'in other project',
    ]);
    const local = encodeURIComponent('due_date < 2018-12-01');
    expect(titles(await list(`/api/v1/tasks/all?filter=${local}&filter_timezone=UTC`))).toEqual([
      'unique thing',
    ]);
    expect(titles(await list(`/api/v1/tasks/all?filter=${local}&filter_timezone=Pacific/Pago_Pago`))).toEqual(
      ['Landingpages update', 'unique thing'],
    );
    const withNulls = await list(
      `/api/v1/projects/${project.id}/tasks?filter=${local}&filter_timezone=UTC&filter_include_nulls=true`,
    );
    expect(titles(withNulls)).toEqual(['unique thing', 'done task', 'no dates', 'start later', 'favourite']);
  });

  it("compares dates in the caller's own time zone when the list names none", async () => {
    const local = encodeURIComponent('due_date < 2018-12-01');
    const { settings } = (await t.request('GET', '/api/v1/user', { token: owner.token })).json();
    const setZone = (timezone: string) =>
      t.request('POST', '/api/v1/user/settings/general', {
        token: owner.token,
        body: { ...settings, timezone },
      });
    expect((await setZone('Pacific/Pago_Pago')).statusCode).toBe(200);
    try {
      expect(titles(await list(`/api/v1/tasks/all?filter=${local}`))).toEqual([
        'Landingpages update',
        'unique thing',
      ]);
      expect(titles(await list(`/api/v1/tasks/all?filter=${local}&filter_timezone=UTC`))).toEqual([
        'unique thing',
      ]);
    } finally {
      expect((await setZone(settings.timezone)).statusCode).toBe(200);
    }
  });

  it("reads a view's own dates, and a filter bucket's, in the caller's time zone when the list names none", async () => {
    const dueBefore = { filter: 'due_date < 2018-12-01', filter_include_nulls: false };
    const createView = async (body: Record<string, unknown>) => {
      const res = await t.request('PUT', `/api/v1/projects/${project.id}/views`, {
        token: owner.token,
        body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const listView = await createView({ title: 'Due before December', view_kind: 'list', filter: dueBefore });
    const board = await createView({
      title: 'Due board',
      view_kind: 'kanban',
      bucket_configuration_mode: 'filter',
      bucket_configuration: [{ title: 'Due before December', filter: dueBefore }],
    });
    const { settings } = (await t.request('GET', '/api/v1/user', { token: owner.token })).json();
    const setZone = (timezone: string) =>
      t.request('POST', '/api/v1/user/settings/general', {
        token: owner.token,
        body: { ...settings, timezone },
      });
    const viewTasks = async (view: number, query = '') =>
      (await list(`/api/v1/projects/${project.id}/views/${view}/tasks${query}`)).json();
    expect((await setZone('Pacific/Pago_Pago')).statusCode).toBe(200);
    try {
      // Twice each: the second list starts from the view as the first one read it.
      for (let i = 0; i < 2; i++) {
        expect((await viewTasks(listView)).map((task: { title: string }) => task.title)).toEqual([
          'Landingpages update',
          'unique thing',
        ]);
        const buckets = await viewTasks(board);
        expect(buckets[0].tasks.map((task: { title: string }) => task.title)).toEqual([
          'Landingpages update',
          'unique thing',
        ]);
      }
      expect(
        (await viewTasks(listView, '?filter_timezone=UTC')).map((task: { title: string }) => task.title),
      ).toEqual(['unique thing']);
    } finally {
      expect((await setZone(settings.timezone)).statusCode).toBe(200);
    }
  });

  it('answers the catalogue errors for bad filters and time zones', async () => {
    const cases: [string, number][] = [
      ['loremipsum = 1', 4016],
      ['due_date > invalid', 4019],
      ['done = true &&', 4024],
    ];
    for (const [filter, code] of cases) {
      const res = await list(`/api/v1/tasks/all?filter=${encodeURIComponent(filter)}`);
      expect(res.statusCode, filter).toBe(400);
      expect(res.json().code, filter).toBe(code);
    }
    const zone = await list('/api/v1/tasks/all?filter=done%20%3D%20true&filter_timezone=Mars/Olympus');
    expect(zone.statusCode).toBe(400);
    expect(zone.json()).toEqual({
      code: 2003,
      message: "The timezone 'Mars/Olympus' is invalid",
      i18n_params: { timezone: 'Mars/Olympus' },
    });
  });

  it('filters by label ids with EXISTS', async () => {
    const label = (
      await t.request('PUT', '/api/v1/labels', { token: owner.token, body: { title: 'urgent' } })
    ).json();
    await t.request('PUT', `/api/v1/tasks/${ids['no dates']}/labels`, {
      token: owner.token,
      body: { label_id: label.id },
    });
    expect(
      titles(await list(`/api/v1/tasks/all?filter=${encodeURIComponent(`labels in ${label.id}`)}`)),
    ).toEqual(['no dates']);
    const without = titles(
      await list(
        `/api/v1/projects/${project.id}/tasks?filter=${encodeURIComponent(`labels != ${label.id}`)}`,
      ),
    );
    expect(without).not.toContain('no dates');
    expect(without).toHaveLength(5);
  });
});

describe('GET /projects/:id/tasks', () => {
  it('lists one project with position 0; strangers get 403 (7003)', async () => {
    const res = await list(`/api/v1/projects/${other.id}/tasks`);
    expect(titles(res)).toEqual(['in other project']);
    expect(res.json()[0].position).toBe(0);
    const foreign = await list(`/api/v1/projects/${other.id}/tasks`, stranger.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe(7003);
    expect((await list('/api/v1/projects/99999/tasks')).json().code).toBe(3001);
  });
});

describe('GET /projects/:id/views/:view/tasks', () => {
  it('applies the List view filter (done = false) and gives view positions, newest on top', async () => {
    const listView = project.views.find((v) => v.view_kind === 'list')!;
    const res = await list(`/api/v1/projects/${project.id}/views/${listView.id}/tasks`);
    expect(res.statusCode).toBe(200);
    const got = titles(res);
    expect(got).not.toContain('done task');
    expect(got[0]).toBe('favourite');
    expect(res.json().every((task: { position: number }) => task.position > 0)).toBe(true);
    const table = project.views.find((v) => v.view_kind === 'table')!;
    expect(titles(await list(`/api/v1/projects/${project.id}/views/${table.id}/tasks`))).toContain(
      'done task',
    );
    const sorted = await list(
      `/api/v1/projects/${project.id}/views/${table.id}/tasks?sort_by=position&order_by=desc`,
    );
    expect(titles(sorted).at(-1)).toBe('favourite');
  });

  it('answers 3014 for a view of another project, 403 for strangers', async () => {
    const res = await list(`/api/v1/projects/${other.id}/views/${project.views[0].id}/tasks`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(3014);
    const foreign = await list(
      `/api/v1/projects/${project.id}/views/${project.views[0].id}/tasks`,
      stranger.token,
    );
    expect(foreign.statusCode).toBe(403);
  });

  it('answers a flat task list on a kanban view when the filter names bucket_id', async () => {
    const kanban = (await t.request('GET', `/api/v1/projects/${project.id}`, { token: owner.token }))
      .json()
      .views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
    const res = await list(
      `/api/v1/projects/${project.id}/views/${kanban.id}/tasks?filter=${encodeURIComponent(`bucket_id = ${kanban.done_bucket_id}`)}`,
    );
    expect(titles(res)).toEqual(['done task']);
    expect(res.json()[0].bucket_id).toBe(kanban.done_bucket_id);
  });
});

describe('the Favorites pseudo project', () => {
  it('shows up in the project list and lists favourite tasks', async () => {
    const projects = (await list('/api/v1/projects')).json();
    expect(projects[0]).toMatchObject({
      id: -1,
      title: 'Favorites',
      parent_project_id: 0,
      is_favorite: true,
    });
    expect(
      (await list('/api/v1/projects', stranger.token)).json().some((p: { id: number }) => p.id === -1),
    ).toBe(false);
    expect(titles(await list('/api/v1/projects/-1/tasks'))).toEqual(['favourite']);
    expect(titles(await list('/api/v1/projects/-1/views/-1/tasks'))).toEqual(['favourite']);
    const read = await list('/api/v1/projects/-1');
    expect(read.json().views.map((v: { id: number }) => v.id)).toEqual([-1, -2, -3]);
    expect(titles(await list('/api/v1/projects/-1/tasks', stranger.token))).toEqual([]);
  });
});

describe('a filtered page where most tasks match', () => {
  it('answers the same tasks, in id order, whichever way the page is read', async () => {
    // Most tasks of a big scope match: SQLite then walks the table in id order instead of
    // sorting every match (see TaskListRepo.pageInIdOrder); the page must not change with that.
    const bulk = await t.signUp('listbulk');
    const made = (
      await t.request('PUT', '/api/v1/projects', { token: bulk.token, body: { title: 'Bulk' } })
    ).json();
    const created: { id: number; priority: number }[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await t.request('PUT', `/api/v1/projects/${made.id}/tasks`, {
        token: bulk.token,
        body: { title: `bulk ${i}`, priority: i % 6 === 0 ? 1 : 4 },
      });
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json());
    }
    const matching = created.filter((task) => task.priority >= 3).map((task) => task.id);
    for (const page of [1, 3, 10]) {
      const res = await list(
        `/api/v1/tasks/all?filter=${encodeURIComponent('priority >= 3')}&per_page=5&page=${page}`,
        bulk.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { id: number }[]).map((task) => task.id)).toEqual(
        matching.slice((page - 1) * 5, page * 5),
      );
      expect(res.headers['x-pagination-total-pages']).toBe('10');
    }
  });
});

describe('the open-task total of a list view', () => {
  it('follows done changes, bulk updates, moves and deletes', async () => {
    const who = await t.signUp('listopen');
    const made = (
      await t.request('PUT', '/api/v1/projects', { token: who.token, body: { title: 'Open' } })
    ).json();
    const elsewhere = (
      await t.request('PUT', '/api/v1/projects', { token: who.token, body: { title: 'Elsewhere' } })
    ).json();
    const listView = made.views.find((v: { view_kind: string }) => v.view_kind === 'list');
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.request('PUT', `/api/v1/projects/${made.id}/tasks`, {
        token: who.token,
        body: { title: `open ${i}`, done: i === 5 },
      });
      ids.push(res.json().id);
    }
    /** The list view's total (per_page=1), checked against the tasks it lists on one page. */
    const openTotal = async () => {
      const paged = await list(
        `/api/v1/projects/${made.id}/views/${listView.id}/tasks?per_page=1`,
        who.token,
      );
      const all = await list(`/api/v1/projects/${made.id}/views/${listView.id}/tasks?per_page=50`, who.token);
      const shown = (all.json() as unknown[]).length;
      expect(Number(paged.headers['x-pagination-total-pages'])).toBe(shown);
      return shown;
    };
    expect(await openTotal()).toBe(5);
    const done = await t.request('POST', `/api/v1/tasks/${ids[0]}`, {
      token: who.token,
      body: { title: 'open 0', done: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await openTotal()).toBe(4);
    const bulk = await t.request('POST', '/api/v1/tasks/bulk', {
      token: who.token,
      body: { task_ids: [ids[1], ids[2]], fields: ['done'], values: { done: true } },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(await openTotal()).toBe(2);
    const reopened = await t.request('POST', `/api/v1/tasks/${ids[5]}`, {
      token: who.token,
      body: { title: 'open 5', done: false },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await openTotal()).toBe(3);
    const moved = await t.request('POST', `/api/v1/tasks/${ids[3]}`, {
      token: who.token,
      body: { title: 'open 3', project_id: elsewhere.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await openTotal()).toBe(2);
    expect((await t.request('DELETE', `/api/v1/tasks/${ids[4]}`, { token: who.token })).statusCode).toBe(200);
    expect(await openTotal()).toBe(1);
    // A filter on top is counted, not read from the counter.
    const filtered = await list(
      `/api/v1/projects/${made.id}/views/${listView.id}/tasks?per_page=1&filter=${encodeURIComponent('priority > 2')}`,
      who.token,
    );
    expect(filtered.headers['x-pagination-total-pages']).toBe('0');
  });
});

describe('priority ranges', () => {
  it('answer every comparison over the priorities 0–5, alone and with other conditions', async () => {
    const who = await t.signUp('listprio');
    const made = (
      await t.request('PUT', '/api/v1/projects', { token: who.token, body: { title: 'Prio' } })
    ).json();
    const byPriority: number[] = [];
    for (let priority = 0; priority <= 5; priority++) {
      const res = await t.request('PUT', `/api/v1/projects/${made.id}/tasks`, {
        token: who.token,
        body: { title: `p${priority}`, priority, due_date: priority % 2 ? '2030-01-01T00:00:00Z' : null },
      });
      byPriority.push(res.json().id);
    }
    const found = async (filter: string, extra = '') => {
      const res = await list(`/api/v1/tasks/all?filter=${encodeURIComponent(filter)}${extra}`, who.token);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { title: string }[]).map((task) => task.title);
    };
    expect(await found('priority >= 3')).toEqual(['p3', 'p4', 'p5']);
    expect(await found('priority > 3')).toEqual(['p4', 'p5']);
    expect(await found('priority < 2')).toEqual(['p0', 'p1']);
    expect(await found('priority <= 0')).toEqual(['p0']);
    expect(await found('priority > 5')).toEqual([]);
    expect(await found('priority >= 9')).toEqual([]);
    expect(await found('priority < 0')).toEqual([]);
    expect(await found('priority >= 2 && due_date < 2031-01-01')).toEqual(['p3', 'p5']);
    expect(await found('priority > 4 || priority < 1')).toEqual(['p0', 'p5']);
    // Include nulls: a priority of 0 counts as unset.
    expect(await found('priority >= 4', '&filter_include_nulls=true')).toEqual(['p0', 'p4', 'p5']);
    expect(byPriority).toHaveLength(6);
  });
});
