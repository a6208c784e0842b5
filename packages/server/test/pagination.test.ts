/**
 * Page parameters (reference §1.4) on every kind of paged list: the reference's messages for bad
 * ones, and a page far past the end is empty, however far (its offset once overflowed into a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let token: string;
let lists: string[];

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUp('pager')).token;
  const project = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Paged' } })).json();
  const task = (
    await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, { token, body: { title: 'One' } })
  ).json();
  const list = project.views.find((v: { view_kind: string }) => v.view_kind === 'list');
  lists = [
    '/api/v1/tasks/all',
    '/api/v1/projects',
    '/api/v1/labels',
    '/api/v1/teams',
    '/api/v1/notifications',
    `/api/v1/projects/${project.id}/views/${list.id}/tasks`,
    `/api/v1/tasks/${task.id}/comments`,
    `/api/v1/projects/${project.id}/users`,
  ];
});
afterAll(async () => t.close());

async function get(url: string) {
  const res = await t.request('GET', url, { token });
  return { url, status: res.statusCode, body: res.json(), pages: res.headers['x-pagination-total-pages'] };
}

describe('page parameters', () => {
  it('answer a page far past the end with an empty page, however far', async () => {
    for (const list of lists) {
      for (const query of [
        'page=200000000000000000',
        'page=9223372036854775807&per_page=1',
        'page=3000000',
      ]) {
        const res = await get(`${list}?${query}`);
        expect({ url: res.url, status: res.status, body: res.body }).toEqual({
          url: res.url,
          status: 200,
          body: [],
        });
        expect(res.pages, res.url).toBe('0');
      }
    }
  });

  it('refuse bad ones with the reference’s messages', async () => {
    const cases: [string, string][] = [
      ['page=-1', 'Page number cannot be negative.'],
      ['page=x', 'Bad page requested.'],
      ['page=99999999999999999999', 'Bad page requested.'],
      ['per_page=-1', 'Per page amount cannot be negative.'],
      ['per_page=1.5', 'Bad per page amount requested.'],
    ];
    for (const list of lists) {
      for (const [query, message] of cases) {
        const res = await get(`${list}?${query}`);
        expect({ url: res.url, status: res.status, body: res.body }).toEqual({
          url: res.url,
          status: 400,
          body: { message },
        });
      }
    }
  });
});
