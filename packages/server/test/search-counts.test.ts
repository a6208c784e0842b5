import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

// A server of its own: whether anyone else has tasks changes how a search counts its matches.
let t: TestApp;
let owner: { token: string; id: number };

async function project(token: string, title: string): Promise<number> {
  const res = await t.request('PUT', '/api/v1/projects', { token, body: { title } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function task(token: string, projectId: number, title: string, description = ''): Promise<number> {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
    token,
    body: { title, description },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** The search's total as the headers give it (per_page=1: the total pages are the matches). */
async function total(s: string, token = owner.token): Promise<number> {
  const res = await t.request('GET', `/api/v1/tasks/all?s=${encodeURIComponent(s)}&per_page=1`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.headers['x-pagination-total-pages']);
}

/** The trigger-kept counters against the tasks themselves. */
async function countersMatchTasks() {
  const db = t.app.ordo.db.kysely;
  const counters = await db
    .selectFrom('project_task_counts')
    .select(['project_id', 'task_count'])
    .where('task_count', '>', 0)
    .orderBy('project_id')
    .execute();
  const { rows } = await sql<{ project_id: number; task_count: number }>`
    SELECT project_id, count(*) AS task_count FROM tasks GROUP BY project_id ORDER BY project_id`.execute(db);
  expect(counters.map((c) => [c.project_id, Number(c.task_count)])).toEqual(
    rows.map((r) => [r.project_id, Number(r.task_count)]),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('countowner');
});
afterAll(async () => t.close());

describe('search totals', () => {
  it('count every match whether or not the caller sees every task', async () => {
    const home = await project(owner.token, 'Home');
    const work = await project(owner.token, 'Work');
    await task(owner.token, home, 'fix the gutter', '');
    await task(owner.token, work, 'gutter quote', 'ask two roofers');
    const third = await task(owner.token, work, 'unrelated', 'gutter in the notes');
    // The owner sees every task there is.
    expect(await total('gutter')).toBe(3);
    await countersMatchTasks();

    // Someone else's matching task: not the owner's to count.
    const other = await t.signUp('countother');
    await task(other.token, await project(other.token, 'Theirs'), 'their gutter', '');
    expect(await total('gutter')).toBe(3);
    expect(await total('gutter', other.token)).toBe(1);

    // Moves keep the counters right.
    const moved = await t.request('POST', `/api/v1/tasks/${third}`, {
      token: owner.token,
      body: { title: 'unrelated', description: 'gutter in the notes', project_id: home },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await countersMatchTasks();
    expect(await total('gutter')).toBe(3);

    // Archived projects leave the scope, and their tasks the count.
    const archive = await t.request('POST', `/api/v1/projects/${home}`, {
      token: owner.token,
      body: { title: 'Home', is_archived: true },
    });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(await total('gutter')).toBe(1);

    // So do deletes.
    const quote = (await t.request('GET', `/api/v1/tasks/all?s=quote`, { token: owner.token })).json()[0];
    expect((await t.request('DELETE', `/api/v1/tasks/${quote.id}`, { token: owner.token })).statusCode).toBe(
      200,
    );
    await countersMatchTasks();
    expect(await total('gutter')).toBe(0);
  });

  it('give the same total on every page of a ranked search, and through a view', async () => {
    const me = await t.signUp('pagedsearch');
    const mine = await project(me.token, 'Paged');
    for (const title of ['hedge one', 'hedge two', 'trim', 'hedge three']) await task(me.token, mine, title);
    await task(me.token, mine, 'ladder', 'for the hedge');
    const page = async (url: string) => {
      const res = await t.request('GET', url, { token: me.token });
      expect(res.statusCode, res.body).toBe(200);
      return {
        titles: res.json().map((x: { title: string }) => x.title),
        pages: res.headers['x-pagination-total-pages'],
      };
    };
    // Title hits first, in id order; the description-only hit last.
    expect(await page('/api/v1/tasks/all?s=hedge&per_page=2&page=1')).toEqual({
      titles: ['hedge one', 'hedge two'],
      pages: '2',
    });
    expect(await page('/api/v1/tasks/all?s=hedge&per_page=2&page=2')).toEqual({
      titles: ['hedge three', 'ladder'],
      pages: '2',
    });
    // An empty page answers 0 pages, as Vikunja does.
    expect(await page('/api/v1/tasks/all?s=hedge&per_page=2&page=9')).toEqual({ titles: [], pages: '0' });
    const views = (await t.request('GET', `/api/v1/projects/${mine}/views`, { token: me.token })).json();
    const table = views.find((v: { view_kind: string }) => v.view_kind === 'table');
    // Through a view the view's order follows the rank; the total is the same.
    const viewed = `/api/v1/projects/${mine}/views/${table.id}/tasks?s=hedge&per_page=3`;
    const first = await page(`${viewed}&page=1`);
    const second = await page(`${viewed}&page=2`);
    expect([first.pages, second.pages]).toEqual(['2', '2']);
    expect([...first.titles, ...second.titles].sort()).toEqual([
      'hedge one',
      'hedge three',
      'hedge two',
      'ladder',
    ]);
  });

  it('count a lone user’s matches from the index: every task is theirs', async () => {
    const solo = await createTestApp();
    try {
      const me = await solo.signUp('solo');
      const res = await solo.request('PUT', '/api/v1/projects', {
        token: me.token,
        body: { title: 'All mine' },
      });
      const mine = res.json().id;
      for (const title of ['paint fence', 'fence posts', 'garden gate']) {
        expect(
          (await solo.request('PUT', `/api/v1/projects/${mine}/tasks`, { token: me.token, body: { title } }))
            .statusCode,
        ).toBe(201);
      }
      const page = await solo.request('GET', '/api/v1/tasks/all?s=fence&per_page=1', { token: me.token });
      expect(page.headers['x-pagination-total-pages']).toBe('2');
      expect(page.json().map((x: { title: string }) => x.title)).toEqual(['paint fence']);
    } finally {
      await solo.close();
    }
  });
});
