import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'rct');
});
afterAll(async () => t.close());

const react = (kind: string, id: number, value: string, token = p.owner.token) =>
  t.request('PUT', `/api/v1/${kind}/${id}/reactions`, { token, body: { value } });

describe('reactions', () => {
  it('adds (idempotently), lists as a map and removes reactions on tasks', async () => {
    const task = await p.task();
    const res = await react('tasks', task.id, '👍');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      user: expect.objectContaining({ id: p.owner.id }),
      value: '👍',
      created: expect.any(String),
    });
    expect((await react('tasks', task.id, '👍')).statusCode).toBe(201);
    await react('tasks', task.id, '👍', p.writer.token);
    await react('tasks', task.id, '🎉', p.writer.token);
    const list = await t.request('GET', `/api/v1/tasks/${task.id}/reactions`, { token: p.reader.token });
    expect(list.statusCode).toBe(200);
    const map = list.json();
    expect(Object.keys(map).sort()).toEqual(['🎉', '👍'].sort());
    expect(map['👍'].map((u: { id: number }) => u.id)).toEqual([p.owner.id, p.writer.id]);

    const expanded = await t.request('GET', `/api/v1/tasks/${task.id}?expand=reactions`, {
      token: p.owner.token,
    });
    expect(expanded.json().reactions['🎉'][0].id).toBe(p.writer.id);
    expect(
      (await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token })).json().reactions,
    ).toBeNull();

    const del = await t.request('POST', `/api/v1/tasks/${task.id}/reactions/delete`, {
      token: p.writer.token,
      body: { value: '👍' },
    });
    expect(del.json()).toEqual({ message: 'Successfully deleted.' });
    const after = (
      await t.request('GET', `/api/v1/tasks/${task.id}/reactions`, { token: p.owner.token })
    ).json();
    expect(after['👍'].map((u: { id: number }) => u.id)).toEqual([p.owner.id]);
  });

  it('reacts to comments and shows them on the comment', async () => {
    const task = await p.task();
    const comment = (
      await t.request('PUT', `/api/v1/tasks/${task.id}/comments`, {
        token: p.owner.token,
        body: { comment: 'hi' },
      })
    ).json();
    expect((await react('comments', comment.id, '❤️', p.writer.token)).statusCode).toBe(201);
    const list = await t.request('GET', `/api/v1/comments/${comment.id}/reactions`, {
      token: p.reader.token,
    });
    expect(list.json()['❤️'][0].id).toBe(p.writer.id);
    const read = await t.request('GET', `/api/v1/tasks/${task.id}/comments/${comment.id}`, {
      token: p.owner.token,
    });
    expect(read.json().reactions['❤️'][0].id).toBe(p.writer.id);
    const missing = await t.request('GET', '/api/v1/comments/999999/reactions', { token: p.owner.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(4015);
  });

  it('refuses unknown kinds (4025), missing tasks (404), read-only and strangers (403), link shares (403)', async () => {
    const task = await p.task();
    await react('tasks', task.id, '👀');
    const kind = await t.request('GET', `/api/v1/projects/${task.id}/reactions`, { token: p.owner.token });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().code).toBe(4025);
    const missing = await t.request('GET', '/api/v1/tasks/999999/reactions', { token: p.owner.token });
    expect(missing.statusCode).toBe(404);
    expect((await react('tasks', task.id, '👍', p.reader.token)).statusCode).toBe(403);
    const stranger = await t.request('GET', `/api/v1/tasks/${task.id}/reactions`, {
      token: p.stranger.token,
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('👀');
    const long = await react('tasks', task.id, 'x'.repeat(21));
    expect(long.statusCode).toBe(412);

    const share = await t.request('PUT', `/api/v1/projects/${p.projectId}/shares`, {
      token: p.owner.token,
      body: { right: 1 },
    });
    const auth = await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} });
    const linkToken = auth.json().token as string;
    expect((await react('tasks', task.id, '👍', linkToken)).statusCode).toBe(403);
    const linkDelete = await t.request('POST', `/api/v1/tasks/${task.id}/reactions/delete`, {
      token: linkToken,
      body: { value: '👀' },
    });
    expect(linkDelete.statusCode).toBe(403);
    expect(
      (await t.request('GET', `/api/v1/tasks/${task.id}/reactions`, { token: linkToken })).statusCode,
    ).toBe(200);
  });
});
