/**
 * Ids and other whole numbers past the 32-bit range the database keeps them in: in a path a 400
 * (Invalid model), in a body a 412 naming the field, on both databases; never a 500 from
 * PostgreSQL's integer columns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('ids out of range', () => {
  let t: TestApp;
  let token: string;
  let project: number;
  let task: number;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signUp('ranger')).token;
    project = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Range' } })).json().id;
    task = (
      await t.request('PUT', `/api/v1/projects/${project}/tasks`, { token, body: { title: 'T' } })
    ).json().id;
  });
  afterAll(async () => t.close());

  it('answers 400 for a path id of 2^31 or more, and 404 for the largest id that can exist', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/tasks/2147483648'],
      ['POST', '/api/v1/tasks/4294967296'],
      ['DELETE', '/api/v1/projects/9007199254740992'],
      ['DELETE', `/api/v1/tasks/${task}/comments/2147483648`],
      ['PUT', '/api/v1/projects/2147483648/tasks'],
    ] as const) {
      const res = await t.request(method, url, { token, body: { title: 'x' } });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 400, 2004]);
    }
    const largest = await t.request('GET', '/api/v1/tasks/2147483647', { token });
    expect(largest.statusCode).toBe(404);
  });

  it('answers 412 for an id or other whole number of a body past the range, and still takes a real one', async () => {
    for (const [url, body] of [
      [`/api/v1/tasks/${task}/labels`, { label_id: 2 ** 53 }],
      [`/api/v1/tasks/${task}/assignees`, { user_id: 2 ** 31 }],
      [`/api/v1/projects/${project}/duplicate`, { parent_project_id: 2 ** 40 }],
    ] as const) {
      const res = await t.request('PUT', url, { token, body });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 412, 2002]);
    }
    // Not only ids: every whole number of a body is held to the range (a 500 on PostgreSQL before).
    const views = (await t.request('GET', `/api/v1/projects/${project}/views`, { token })).json();
    const kanban = views.find((v: { view_kind: string }) => v.view_kind === 'kanban').id;
    for (const [url, body] of [
      [`/api/v1/projects/${project}/tasks`, { title: 'Far', index: 9_999_999_999_999 }],
      [`/api/v1/projects/${project}/views/${kanban}/buckets`, { title: 'Big', limit: 9_999_999_999_999 }],
    ] as const) {
      const res = await t.request('PUT', url, { token, body });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 412, 2002]);
    }
    // A number past what a double holds (Infinity once parsed) is a malformed body.
    for (const body of [
      `{"project_view_id":${kanban},"position":1e309}`,
      `{"title":"Endless","position":-1E+400}`,
      `{"title":"Deep","nested":[{"x":${'9'.repeat(400)}}]}`,
    ]) {
      const res = await t.request('POST', `/api/v1/tasks/${task}/position`, { token, body });
      expect([body.slice(0, 40), res.statusCode, res.json().code]).toEqual([body.slice(0, 40), 400, 2004]);
    }
    const placed = await t.request('POST', `/api/v1/tasks/${task}/position`, {
      token,
      body: `{"project_view_id":${kanban},"position":1e300}`,
    });
    expect(placed.json().position).toBe(1e300);
    const moved = await t.request('POST', `/api/v1/tasks/${task}`, {
      token,
      body: { title: 'T', project_id: project },
    });
    expect(moved.statusCode).toBe(200);
  });
});
