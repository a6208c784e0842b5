/**
 * Task filters comparing 32-bit columns (ids, project, priority, labels) with integers past that
 * range, quoted or not, in a task list and in a saved filter: answered as what they mean, never a
 * 500 from PostgreSQL refusing to bind the number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('filters with integers past 32 bits', () => {
  let t: TestApp;
  let token: string;
  let project: number;
  const huge = '9007199254740991';
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signUp('filterer')).token;
    project = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Huge' } })).json().id;
    for (const title of ['one', 'two'])
      await t.request('PUT', `/api/v1/projects/${project}/tasks`, { token, body: { title } });
  });
  afterAll(async () => t.close());

  const titles = async (filter: string) => {
    const res = await t.request('GET', `/api/v1/tasks/all?filter=${encodeURIComponent(filter)}`, { token });
    expect([filter, res.statusCode]).toEqual([filter, 200]);
    return (res.json() as { title: string }[]).map((task) => task.title).sort();
  };

  it('matches nothing for equality and everything for inequality', async () => {
    expect(await titles(`project_id = ${huge}`)).toEqual([]);
    expect(await titles(`project = '${huge}'`)).toEqual([]);
    expect(await titles(`id in ${huge}, -${huge}`)).toEqual([]);
    expect(await titles(`labels in ${huge}`)).toEqual([]);
    expect(await titles(`project_id != ${huge}`)).toEqual(['one', 'two']);
    expect(await titles(`id not in ${huge}`)).toEqual(['one', 'two']);
    expect(await titles(`labels not in '${huge}'`)).toEqual(['one', 'two']);
    expect(await titles(`index in 1, ${huge}`)).toEqual(['one']);
  });

  it('compares ranges as the numbers say', async () => {
    expect(await titles(`id < ${huge}`)).toEqual(['one', 'two']);
    expect(await titles(`id > ${huge}`)).toEqual([]);
    expect(await titles(`priority >= -${huge}`)).toEqual(['one', 'two']);
    expect(await titles(`created_by_id <= -${huge}`)).toEqual([]);
  });

  it('lists a saved filter holding such a number', async () => {
    const saved = await t.request('PUT', '/api/v1/filters', {
      token,
      body: { title: 'Huge', filters: { filter: `project_id='${huge}' || done = false` } },
    });
    expect(saved.statusCode).toBe(201);
    const pseudo = -saved.json().id - 1;
    const views = (await t.request('GET', `/api/v1/projects/${pseudo}/views`, { token })).json();
    for (const view of views) {
      const res = await t.request('GET', `/api/v1/projects/${pseudo}/views/${view.id}/tasks`, { token });
      expect([view.view_kind, res.statusCode]).toEqual([view.view_kind, 200]);
    }
  });
});
