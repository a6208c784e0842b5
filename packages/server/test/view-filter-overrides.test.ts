/**
 * What a view's filter object overrides in the request (reference §4.1 "Composition"): its
 * `filter_timezone` (stored with its filter, answered only when set, and the zone its dates are
 * read in, overriding the request's) and its `filter_include_nulls` when on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let project: { id: number; views: { id: number; view_kind: string }[] };

/** Midnight of 2 January in Auckland (UTC+13 in summer) is 11:00 UTC on 1 January. */
const BEFORE_NEW_DAY = 'due_date < 2026-01-02 00:00';
const AUCKLAND = 'Pacific/Auckland';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('zonedviews');
  project = (
    await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Zoned' } })
  ).json();
  for (const [title, due_date] of [
    ['early', '2026-01-01T09:00:00Z'], // before the boundary in both zones
    ['midday', '2026-01-01T12:00:00Z'], // before it in UTC, after it in Auckland
    ['late', '2026-01-02T06:00:00Z'], // after it in both
  ]) {
    const res = await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: owner.token,
      body: { title, due_date },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => t.close());

const viewsUrl = (path = '') => `/api/v1/projects/${project.id}/views${path}`;

async function createView(body: Record<string, unknown>) {
  const res = await t.request('PUT', viewsUrl(), { token: owner.token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function viewTasks(viewId: number, query = '') {
  const res = await t.request('GET', viewsUrl(`/${viewId}/tasks${query}`), { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const titles = (tasks: { title: string }[]) => tasks.map((task) => task.title).sort();

describe("a view's filter_timezone", () => {
  it('is stored with the filter and answered when set', async () => {
    const view = await createView({
      title: 'Due in Auckland',
      view_kind: 'list',
      filter: { filter: BEFORE_NEW_DAY, filter_timezone: AUCKLAND },
    });
    const expected = {
      s: '',
      sort_by: null,
      order_by: null,
      filter: BEFORE_NEW_DAY,
      filter_include_nulls: false,
      filter_timezone: AUCKLAND,
    };
    expect(view.filter).toEqual(expected);
    const read = await t.request('GET', viewsUrl(`/${view.id}`), { token: owner.token });
    expect(read.json().filter).toEqual(expected);
    // Replaced without one: gone, and the shape is the one without a zone.
    const updated = await t.request('POST', viewsUrl(`/${view.id}`), {
      token: owner.token,
      body: { title: 'Due', view_kind: 'list', filter: { filter: BEFORE_NEW_DAY, filter_timezone: '' } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(JSON.stringify(updated.json().filter)).toBe(
      `{"s":"","sort_by":null,"order_by":null,"filter":"${BEFORE_NEW_DAY}","filter_include_nulls":false}`,
    );
  });

  it('leaves a view without one answering the reference shape', async () => {
    const list = project.views.find((v) => v.view_kind === 'list')!;
    const res = await t.request('GET', viewsUrl(`/${list.id}`), { token: owner.token });
    expect(JSON.stringify(res.json().filter)).toBe(
      '{"s":"","sort_by":null,"order_by":null,"filter":"done = false","filter_include_nulls":false}',
    );
  });

  it('refuses a zone that is not an IANA name with 2003, in the view and in its buckets', async () => {
    const refused = {
      code: 2003,
      message: "The timezone 'Mars/Olympus' is invalid",
      i18n_params: { timezone: 'Mars/Olympus' },
    };
    const own = await t.request('PUT', viewsUrl(), {
      token: owner.token,
      body: {
        title: 'Bad',
        view_kind: 'list',
        filter: { filter: 'done = false', filter_timezone: 'Mars/Olympus' },
      },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual(refused);
    const bucket = await t.request('PUT', viewsUrl(), {
      token: owner.token,
      body: {
        title: 'Bad board',
        view_kind: 'kanban',
        bucket_configuration_mode: 'filter',
        bucket_configuration: [
          { title: 'x', filter: { filter: 'done = false', filter_timezone: 'Mars/Olympus' } },
        ],
      },
    });
    expect(bucket.statusCode).toBe(400);
    expect(bucket.json()).toEqual(refused);
  });

  it("reads the view's dates in its zone, not the request's", async () => {
    const zoned = await createView({
      title: 'Before 2 January in Auckland',
      view_kind: 'list',
      filter: { filter: BEFORE_NEW_DAY, filter_timezone: AUCKLAND },
    });
    const utc = await createView({ title: 'Before 2 January', view_kind: 'list', filter: BEFORE_NEW_DAY });
    // Twice each: the second list starts from the view as the first one read it.
    for (let i = 0; i < 2; i++) {
      expect(titles(await viewTasks(zoned.id))).toEqual(['early']);
      expect(titles(await viewTasks(zoned.id, '?filter_timezone=UTC'))).toEqual(['early']);
      expect(titles(await viewTasks(utc.id, '?filter_timezone=UTC'))).toEqual(['early', 'midday']);
    }
  });

  it("overrides the request's zone for the request's dates, and leaves a filter without dates alone", async () => {
    const open = await createView({
      title: 'Open, Auckland time',
      view_kind: 'list',
      filter: { filter: 'done = false', filter_timezone: AUCKLAND },
    });
    const dated = `?filter=${encodeURIComponent(BEFORE_NEW_DAY)}&filter_timezone=UTC`;
    expect(titles(await viewTasks(open.id, dated))).toEqual(['early']);
    const undated = `?filter=${encodeURIComponent('title like i')}&filter_timezone=UTC`;
    expect(titles(await viewTasks(open.id, undated))).toEqual(['midday']);
  });

  it('reads the buckets of a board in the view zone unless a bucket names its own', async () => {
    const board = await createView({
      title: 'Zoned board',
      view_kind: 'kanban',
      filter: { filter: 'done = false', filter_timezone: AUCKLAND },
      bucket_configuration_mode: 'filter',
      bucket_configuration: [
        { title: 'View zone', filter: { filter: BEFORE_NEW_DAY } },
        { title: 'UTC', filter: { filter: BEFORE_NEW_DAY, filter_timezone: 'UTC' } },
      ],
    });
    expect(board.bucket_configuration[1].filter.filter_timezone).toBe('UTC');
    expect(board.bucket_configuration[0].filter).not.toHaveProperty('filter_timezone');
    const buckets = await viewTasks(board.id, '?filter_timezone=UTC');
    expect(buckets.map((b: { tasks: { title: string }[] }) => titles(b.tasks))).toEqual([
      ['early'],
      ['early', 'midday'],
    ]);
    const manual = await createView({
      title: 'Zoned manual board',
      view_kind: 'kanban',
      filter: { filter: BEFORE_NEW_DAY, filter_timezone: AUCKLAND },
    });
    const seeded = await viewTasks(manual.id, '?filter_timezone=UTC');
    expect(seeded.map((b: { count: number }) => b.count)).toEqual([1, 0, 0]);
  });
});

describe("a view's filter_include_nulls", () => {
  it("when on, takes in the tasks without a value of the request's filter too", async () => {
    const none = await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: owner.token,
      body: { title: 'undated', priority: 3 },
    });
    expect(none.statusCode, none.body).toBe(201);
    const withNulls = await createView({
      title: 'With nulls',
      view_kind: 'list',
      filter: { filter: 'done = false', filter_include_nulls: true },
    });
    const withoutNulls = await createView({
      title: 'Without nulls',
      view_kind: 'list',
      filter: { filter: 'done = false' },
    });
    const asked = `?filter=${encodeURIComponent('due_date < 2026-01-03')}`;
    expect(titles(await viewTasks(withNulls.id, asked))).toEqual(['early', 'late', 'midday', 'undated']);
    // Off in the view, the request's own choice holds, either way.
    expect(titles(await viewTasks(withoutNulls.id, asked))).toEqual(['early', 'late', 'midday']);
    expect(titles(await viewTasks(withoutNulls.id, `${asked}&filter_include_nulls=true`))).toEqual([
      'early',
      'late',
      'midday',
      'undated',
    ]);
  });
});
