/**
 * Calendar views: an Ordo kind beside Vikunja's four. New projects keep exactly Vikunja's views;
 * a calendar view added later lists and pages its tasks like a list view, and the calendar's
 * date-range and unscheduled filters work through it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let project: { id: number; views: { id: number; title: string; view_kind: string }[] };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('calendarowner');
  project = (
    await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Planned' } })
  ).json();
});
afterAll(async () => t.close());

const views = (path = '') => `/api/v1/projects/${project.id}/views${path}`;
const kinds = (list: { view_kind: string }[]) => list.map((v) => v.view_kind);

async function addTask(body: Record<string, unknown>): Promise<{ id: number }> {
  const res = await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, { token: owner.token, body });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function tasksOf(viewId: number, query = '') {
  const res = await t.request('GET', views(`/${viewId}/tasks${query}`), { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return { ids: (res.json() as { id: number }[]).map((x) => x.id), headers: res.headers };
}

/** The web app's filters (calendar-query.ts), for the days 2030-03-01 to 2030-03-07. */
const WEEK =
  '(due_date >= 2030-03-01 && due_date < 2030-03-08) || (start_date >= 2030-03-01 && start_date < 2030-03-08)' +
  ' || (end_date >= 2030-03-01 && end_date < 2030-03-08) || (start_date < 2030-03-08 && end_date >= 2030-03-01)';
const UNSCHEDULED = 'due_date < 1900-01-01 && start_date < 1900-01-01 && end_date < 1900-01-01';
const q = (filter: string, nulls = false) =>
  `?filter=${encodeURIComponent(filter)}&filter_include_nulls=${nulls}&filter_timezone=UTC&sort_by[]=id&order_by[]=asc`;

describe('calendar views', () => {
  it('leaves a new project with exactly the four Vikunja views', async () => {
    expect(kinds(project.views)).toEqual(['list', 'gantt', 'table', 'kanban']);
    const listed = (await t.request('GET', views(), { token: owner.token })).json();
    expect(kinds(listed)).toEqual(['list', 'gantt', 'table', 'kanban']);
    expect(listed.map((v: { title: string }) => v.title)).toEqual(['List', 'Gantt', 'Table', 'Kanban']);
  });

  it('creates a calendar view, lists it after the others and turns a list view into one', async () => {
    const res = await t.request('PUT', views(), {
      token: owner.token,
      body: { title: 'Calendar', view_kind: 'calendar', filter: { filter: 'done = false' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Calendar',
      view_kind: 'calendar',
      bucket_configuration_mode: 'none',
      default_bucket_id: 0,
      done_bucket_id: 0,
    });
    const listed = (await t.request('GET', views(), { token: owner.token })).json();
    expect(kinds(listed)).toEqual(['list', 'gantt', 'table', 'kanban', 'calendar']);
    const one = await t.request('GET', views(`/${res.json().id}`), { token: owner.token });
    expect(one.json().view_kind).toBe('calendar');

    const extra = (
      await t.request('PUT', views(), { token: owner.token, body: { title: 'Spare', view_kind: 'list' } })
    ).json();
    const changed = await t.request('POST', views(`/${extra.id}`), {
      token: owner.token,
      body: { ...extra, view_kind: 'calendar' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().view_kind).toBe('calendar');
    await t.request('DELETE', views(`/${extra.id}`), { token: owner.token });
  });

  it('serves its tasks like a list view: the same tasks, paginated, with the view filter', async () => {
    const calendar = (await t.request('GET', views(), { token: owner.token }))
      .json()
      .find((v: { view_kind: string }) => v.view_kind === 'calendar');
    const list = project.views.find((v) => v.view_kind === 'list');
    if (!calendar || !list) throw new Error('views missing');
    const due = await addTask({ title: 'Due in the week', due_date: '2030-03-03T15:30:00Z' });
    const span = await addTask({
      title: 'Span into the week',
      start_date: '2030-02-25T09:00:00Z',
      end_date: '2030-03-02T17:00:00Z',
    });
    const later = await addTask({ title: 'Due later', due_date: '2030-04-10T09:00:00Z' });
    const undated = await addTask({ title: 'Someday' });
    const done = await addTask({ title: 'Finished', done: true, due_date: '2030-03-04T09:00:00Z' });

    const all = await tasksOf(calendar.id, '?sort_by[]=id&order_by[]=asc');
    expect(all.ids).toEqual((await tasksOf(list.id, '?sort_by[]=id&order_by[]=asc')).ids);
    expect(all.ids).toEqual([due.id, span.id, later.id, undated.id]);
    expect(all.ids).not.toContain(done.id);

    const paged = await tasksOf(calendar.id, '?per_page=3&page=2&sort_by[]=id&order_by[]=asc');
    expect(paged.ids).toEqual([undated.id]);
    expect(paged.headers['x-pagination-total-pages']).toBe('2');

    const week = await tasksOf(calendar.id, q(WEEK));
    expect(week.ids).toEqual([due.id, span.id]);
    const unscheduled = await tasksOf(calendar.id, q(UNSCHEDULED, true));
    expect(unscheduled.ids).toEqual([undated.id]);
  });

  it('refuses a date it cannot read with the catalogue code, not a server error', async () => {
    const task = await addTask({ title: 'Moved', due_date: '2030-03-03T15:30:00Z' });
    const res = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'Moved', due_date: '2030-02-31T15:30:00Z' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2004);
  });
});
