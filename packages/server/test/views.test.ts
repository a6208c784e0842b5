import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  owner = await t.signUp('viewowner');
  stranger = await t.signUp('viewstranger');
  project = (
    await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Viewed' } })
  ).json();
});
afterAll(async () => t.close());

const url = (path = '') => `/api/v1/projects/${project.id}/views${path}`;

describe('reading views', () => {
  it('lists the four default views in order and reads one with the right header', async () => {
    const res = await t.request('GET', url(), { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((v: { title: string }) => v.title)).toEqual(['List', 'Gantt', 'Table', 'Kanban']);
    const one = await t.request('GET', url(`/${project.views[0].id}`), { token: owner.token });
    expect(one.headers['x-max-right']).toBe('2');
    expect(one.json()).toMatchObject({
      id: project.views[0].id,
      project_id: project.id,
      view_kind: 'list',
      filter: { s: '', filter: 'done = false', filter_include_nulls: false },
      bucket_configuration_mode: 'none',
      bucket_configuration: null,
      default_bucket_id: 0,
      done_bucket_id: 0,
    });
  });

  it('refuses strangers (403) and views of other projects (3014)', async () => {
    const foreign = await t.request('GET', url(), { token: stranger.token });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 0, message: "You don't have the right to see this" });
    const other = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Other' } })
    ).json();
    const wrong = await t.request('GET', `/api/v1/projects/${other.id}/views/${project.views[0].id}`, {
      token: owner.token,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe(3014);
  });
});

describe('creating views', () => {
  it('creates a list view with a filter object', async () => {
    const res = await t.request('PUT', url(), {
      token: owner.token,
      body: {
        title: 'Urgent',
        view_kind: 'list',
        filter: { filter: 'priority >= 4', filter_include_nulls: true },
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Urgent',
      view_kind: 'list',
      filter: { filter: 'priority >= 4', filter_include_nulls: true, s: '' },
      bucket_configuration_mode: 'none',
    });
    expect(res.json().position).toBe(res.json().id * 65536);
  });

  it('seeds a new kanban view with To-Do, Doing and Done and fills it with existing tasks', async () => {
    const task = (
      await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
        token: owner.token,
        body: { title: 'Existing' },
      })
    ).json();
    const res = await t.request('PUT', url(), {
      token: owner.token,
      body: { title: 'Board', view_kind: 'kanban' },
    });
    const view = res.json();
    expect(view.bucket_configuration_mode).toBe('manual');
    expect(view.default_bucket_id).toBeGreaterThan(0);
    const board = (await t.request('GET', url(`/${view.id}/tasks`), { token: owner.token })).json();
    expect(board.map((b: { title: string }) => b.title)).toEqual(['To-Do', 'Doing', 'Done']);
    expect(board[0].tasks.map((x: { id: number }) => x.id)).toEqual([task.id]);
    expect(board[0].count).toBe(1);
    expect(board[1].tasks).toEqual([]);
  });

  it('validates title, kind and filter', async () => {
    const cases: [Record<string, unknown>, number, number][] = [
      [{ title: '' }, 412, 2002],
      [{ title: 'x'.repeat(251) }, 412, 2002],
      [{ title: 'Bad kind', view_kind: 'agenda' }, 412, 2002],
      [{ title: 'Bad filter', filter: { filter: 'done = true &&' } }, 400, 4024],
      [{ title: 'Bad field', filter: { filter: 'nope = 1' } }, 400, 4016],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.request('PUT', url(), { token: owner.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    }
  });

  it('needs admin on the project', async () => {
    const res = await t.request('PUT', url(), { token: stranger.token, body: { title: 'Mine' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 0, message: 'Forbidden' });
  });
});

describe('updating views', () => {
  it('replaces the fields; switching to kanban seeds buckets once and switching back keeps them', async () => {
    const view = (await t.request('PUT', url(), { token: owner.token, body: { title: 'Switch' } })).json();
    const kanban = (
      await t.request('POST', url(`/${view.id}`), {
        token: owner.token,
        body: { title: 'Switch', view_kind: 'kanban' },
      })
    ).json();
    expect(kanban.bucket_configuration_mode).toBe('manual');
    expect(kanban.default_bucket_id).toBeGreaterThan(0);
    const list = (
      await t.request('POST', url(`/${view.id}`), {
        token: owner.token,
        body: { title: 'Switch', view_kind: 'list' },
      })
    ).json();
    expect(list.bucket_configuration_mode).toBe('none');
    const again = (
      await t.request('POST', url(`/${view.id}`), {
        token: owner.token,
        body: {
          title: 'Switch',
          view_kind: 'kanban',
          default_bucket_id: kanban.default_bucket_id,
          done_bucket_id: kanban.done_bucket_id,
        },
      })
    ).json();
    expect(again.default_bucket_id).toBe(kanban.default_bucket_id);
    expect(again.done_bucket_id).toBe(kanban.done_bucket_id);
    const board = (await t.request('GET', url(`/${view.id}/tasks`), { token: owner.token })).json();
    expect(board).toHaveLength(3);
  });

  it('refuses a bucket of another view (10002) and resets a stale one to 0', async () => {
    const kanban = project.views.find((v) => v.view_kind === 'kanban')!;
    const other = (
      await t.request('PUT', url(), {
        token: owner.token,
        body: { title: 'Other board', view_kind: 'kanban' },
      })
    ).json();
    const foreign = await t.request('POST', url(`/${kanban.id}`), {
      token: owner.token,
      body: { title: 'Kanban', view_kind: 'kanban', default_bucket_id: other.default_bucket_id },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe(10002);
    const stale = await t.request('POST', url(`/${kanban.id}`), {
      token: owner.token,
      body: {
        title: 'Kanban',
        view_kind: 'kanban',
        default_bucket_id: 999999,
        done_bucket_id: kanban.done_bucket_id,
      },
    });
    expect(stale.json().default_bucket_id).toBe(0);
    expect(stale.json().done_bucket_id).toBe(kanban.done_bucket_id);
  });

  it('answers 403 to strangers and 3014 for unknown views', async () => {
    const view = project.views[1];
    const foreign = await t.request('POST', url(`/${view.id}`), {
      token: stranger.token,
      body: { title: 'x' },
    });
    expect(foreign.statusCode).toBe(403);
    const missing = await t.request('POST', url('/999999'), { token: owner.token, body: { title: 'x' } });
    expect(missing.json().code).toBe(3014);
  });
});

describe('filter-mode kanban views', () => {
  it('build their buckets from the bucket configuration filters', async () => {
    const p = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Filtered board' } })
    ).json();
    for (const [title, priority] of [
      ['low', 1],
      ['high', 4],
      ['urgent', 5],
    ] as const) {
      await t.request('PUT', `/api/v1/projects/${p.id}/tasks`, {
        token: owner.token,
        body: { title, priority },
      });
    }
    const view = (
      await t.request('PUT', `/api/v1/projects/${p.id}/views`, {
        token: owner.token,
        body: {
          title: 'By priority',
          view_kind: 'kanban',
          bucket_configuration_mode: 'filter',
          bucket_configuration: [
            { title: 'Important', filter: { filter: 'priority >= 4' } },
            { title: 'Other', filter: { filter: 'priority < 4' } },
          ],
        },
      })
    ).json();
    expect(view.bucket_configuration_mode).toBe('filter');
    expect(view.bucket_configuration.map((b: { title: string }) => b.title)).toEqual(['Important', 'Other']);
    const board = (
      await t.request('GET', `/api/v1/projects/${p.id}/views/${view.id}/tasks`, { token: owner.token })
    ).json();
    expect(board.map((b: { id: number; title: string; count: number }) => [b.id, b.title, b.count])).toEqual([
      [0, 'Important', 2],
      [1, 'Other', 1],
    ]);
    expect(board[0].tasks.map((x: { title: string }) => x.title).sort()).toEqual(['high', 'urgent']);
    const one = await t.request(
      'GET',
      `/api/v1/projects/${p.id}/views/${view.id}/tasks?filter=bucket_id%20%3D%201`,
      {
        token: owner.token,
      },
    );
    expect(one.json().map((x: { title: string }) => x.title)).toEqual(['low']);
    const page = (filter: string) =>
      t.request(
        'GET',
        `/api/v1/projects/${p.id}/views/${view.id}/tasks?filter=${encodeURIComponent(filter)}`,
        { token: owner.token },
      );
    const titles = async (filter: string) =>
      (await page(filter))
        .json()
        .map((x: { title: string }) => x.title)
        .sort();
    // "Load more" in a bucket while the board is filtered: the web app ANDs the board's filter in.
    expect(await titles('priority > 4 && bucket_id = 0')).toEqual(['urgent']);
    expect(await titles('(title like urg || title like lo) && bucket_id in 0, 1')).toEqual(['low', 'urgent']);
    expect(await titles('bucket_id != 0')).toEqual(['low']);
    expect(await titles('bucket_id = 7')).toEqual([]);
    const ordered = await page('bucket_id > 0');
    expect(ordered.statusCode).toBe(400);
    expect(ordered.json().code).toBe(4017);
    const bad = await t.request('PUT', `/api/v1/projects/${p.id}/views`, {
      token: owner.token,
      body: {
        title: 'Broken',
        view_kind: 'kanban',
        bucket_configuration_mode: 'filter',
        bucket_configuration: [{ title: 'x', filter: { filter: 'priority >>= 4' } }],
      },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('deleting views', () => {
  it('deletes for admins only', async () => {
    const view = (
      await t.request('PUT', url(), { token: owner.token, body: { title: 'Temporary', view_kind: 'kanban' } })
    ).json();
    const foreign = await t.request('DELETE', url(`/${view.id}`), { token: stranger.token });
    expect(foreign.statusCode).toBe(403);
    const res = await t.request('DELETE', url(`/${view.id}`), { token: owner.token });
    expect(res.json()).toEqual({ message: 'Successfully deleted.' });
    expect((await t.request('GET', url(`/${view.id}`), { token: owner.token })).json().code).toBe(3014);
  });
});
