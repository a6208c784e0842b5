/**
 * Projects and tasks made through the API by the people of a test, for the tests that build a
 * small world of their own (who owns what, who reads it, which tasks are due when).
 */
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

export interface Someone {
  token: string;
  username: string;
}

/** A project of `owner`'s, shared read-only with `readers`, with any other `fields`; answers its id. */
export async function projectOf(
  t: TestApp,
  owner: Someone,
  title: string,
  readers: Someone[] = [],
  fields: Record<string, unknown> = {},
) {
  const res = await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { ...fields, title } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().id as number;
  for (const reader of readers) {
    const share = await t.request('PUT', `/api/v1/projects/${id}/users`, {
      token: owner.token,
      body: { username: reader.username, right: 0 },
    });
    expect(share.statusCode, share.body).toBe(201);
  }
  return id;
}

/** A task `who` creates in the project; answers its id. */
export async function taskOf(t: TestApp, who: Someone, projectId: number, body: Record<string, unknown>) {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, { token: who.token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
