/**
 * Upload routes given a body that claims to be multipart/form-data but is not one (no boundary,
 * a boundary that never closes): a 400 that says what to send, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('malformed multipart bodies', () => {
  let t: TestApp;
  let token: string;
  let project: number;
  let task: number;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signUp('uploader')).token;
    project = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Uploads' } })).json().id;
    task = (
      await t.request('PUT', `/api/v1/projects/${project}/tasks`, { token, body: { title: 'Files' } })
    ).json().id;
  });
  afterAll(async () => t.close());

  const routes = () => [
    `/api/v1/user/settings/avatar/upload`,
    `/api/v1/migration/vikunja-file/migrate`,
    `/api/v1/migration/ticktick/migrate`,
    `/api/v1/tasks/${task}/attachments`,
    `/api/v1/projects/${project}/backgrounds/upload`,
  ];

  it('answers 400 when the content type names no boundary', async () => {
    for (const url of routes()) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data' },
        payload: '{}',
      });
      expect([url, res.statusCode, res.body]).toEqual([url, 400, expect.stringContaining('multipart')]);
    }
  });

  it('answers 400 when the body stops before its closing boundary', async () => {
    for (const url of routes()) {
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhal',
      });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
  });
});
