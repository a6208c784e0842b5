import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'cmt');
});
afterAll(async () => t.close());

const comment = (taskId: number, text: string, token = p.owner.token) =>
  t.request('PUT', `/api/v1/tasks/${taskId}/comments`, { token, body: { comment: text } });

describe('comments', () => {
  it('creates a sanitised comment with its author; edits mark it edited', async () => {
    const task = await p.task();
    const res = await comment(
      task.id,
      '<p>Hello <b>team</b><script>alert(1)</script><img src=x onerror=alert(1)></p>',
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      comment: '<p>Hello <b>team</b><img src="x"></p>',
      author: expect.objectContaining({ id: p.owner.id, username: p.owner.username }),
      reactions: null,
      created: expect.any(String),
      updated: created.created,
    });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const edited = await t.request('POST', `/api/v1/tasks/${task.id}/comments/${created.id}`, {
      token: p.owner.token,
      body: { comment: 'Changed' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().comment).toBe('Changed');
    expect(edited.json().updated).not.toBe(edited.json().created);
    const one = await t.request('GET', `/api/v1/tasks/${task.id}/comments/${created.id}`, {
      token: p.reader.token,
    });
    expect(one.json().comment).toBe('Changed');
  });

  it('lists oldest first, newest first with order_by=desc, with search and paging', async () => {
    const task = await p.task();
    for (const text of ['first apple', 'second', 'third apple']) await comment(task.id, text);
    const list = await t.request('GET', `/api/v1/tasks/${task.id}/comments`, { token: p.reader.token });
    expect(list.json().map((c: { comment: string }) => c.comment)).toEqual([
      'first apple',
      'second',
      'third apple',
    ]);
    const desc = await t.request('GET', `/api/v1/tasks/${task.id}/comments?order_by=desc`, {
      token: p.owner.token,
    });
    expect(desc.json()[0].comment).toBe('third apple');
    const search = await t.request('GET', `/api/v1/tasks/${task.id}/comments?s=APPLE`, {
      token: p.owner.token,
    });
    expect(search.json()).toHaveLength(2);
    const page = await t.request('GET', `/api/v1/tasks/${task.id}/comments?per_page=2&page=2`, {
      token: p.owner.token,
    });
    expect(page.json().map((c: { comment: string }) => c.comment)).toEqual(['third apple']);
    expect(page.headers['x-pagination-total-pages']).toBe('2');
  });

  it('only the author edits or deletes, even against the project owner (§7 quirk 12)', async () => {
    const task = await p.task();
    const byWriter = (await comment(task.id, 'writer says', p.writer.token)).json();
    const ownerEdit = await t.request('POST', `/api/v1/tasks/${task.id}/comments/${byWriter.id}`, {
      token: p.owner.token,
      body: { comment: 'hijacked' },
    });
    expect(ownerEdit.statusCode).toBe(403);
    const ownerDelete = await t.request('DELETE', `/api/v1/tasks/${task.id}/comments/${byWriter.id}`, {
      token: p.owner.token,
    });
    expect(ownerDelete.statusCode).toBe(403);
    const del = await t.request('DELETE', `/api/v1/tasks/${task.id}/comments/${byWriter.id}`, {
      token: p.writer.token,
    });
    expect(del.json()).toEqual({ message: 'Successfully deleted.' });
    const gone = await t.request('GET', `/api/v1/tasks/${task.id}/comments/${byWriter.id}`, {
      token: p.owner.token,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(4015);
  });

  it('read-only shares read but cannot comment; strangers get 403 and no data', async () => {
    const task = await p.task();
    const secret = (await comment(task.id, 'secret plan')).json();
    expect((await comment(task.id, 'me too', p.reader.token)).statusCode).toBe(403);
    const strangerList = await t.request('GET', `/api/v1/tasks/${task.id}/comments`, {
      token: p.stranger.token,
    });
    expect(strangerList.statusCode).toBe(403);
    expect(strangerList.body).not.toContain('secret');
    const strangerOne = await t.request('GET', `/api/v1/tasks/${task.id}/comments/${secret.id}`, {
      token: p.stranger.token,
    });
    expect(strangerOne.statusCode).toBe(403);
    expect(strangerOne.body).not.toContain('secret');
  });

  it('answers 4015 for a comment of another task, 4002 for a missing task, 412 for an empty comment', async () => {
    const a = await p.task();
    const b = await p.task();
    const onA = (await comment(a.id, 'on a')).json();
    const wrong = await t.request('GET', `/api/v1/tasks/${b.id}/comments/${onA.id}`, {
      token: p.owner.token,
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe(4015);
    const wrongEdit = await t.request('POST', `/api/v1/tasks/${b.id}/comments/${onA.id}`, {
      token: p.owner.token,
      body: { comment: 'x' },
    });
    expect(wrongEdit.json().code).toBe(4015);
    expect((await comment(999999, 'x')).json().code).toBe(4002);
    const empty = await comment(a.id, '  ');
    expect(empty.statusCode).toBe(412);
    expect(empty.json().invalid_fields).toEqual(['comment: non zero value required']);
  });

  it('expand=comments and expand=comment_count on task lists and single tasks', async () => {
    const task = await p.task('Discussed');
    const quiet = await p.task('Quiet');
    await comment(task.id, 'one');
    await comment(task.id, 'two');
    const list = await t.request(
      'GET',
      `/api/v1/projects/${p.projectId}/tasks?expand=comments&expand=comment_count&per_page=100`,
      { token: p.owner.token },
    );
    const byId = new Map(list.json().map((x: { id: number }) => [x.id, x]));
    const discussed = byId.get(task.id) as { comments: { comment: string }[]; comment_count: number };
    expect(discussed.comments.map((c) => c.comment)).toEqual(['one', 'two']);
    expect(discussed.comment_count).toBe(2);
    expect(byId.get(quiet.id)).toMatchObject({ comment_count: 0 });
    const plain = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token });
    expect(plain.json()).not.toHaveProperty('comments');
    const single = await t.request('GET', `/api/v1/tasks/${task.id}?expand=comment_count`, {
      token: p.owner.token,
    });
    expect(single.json().comment_count).toBe(2);
  });

  it('link shares with write access comment as their pseudo-user', async () => {
    const task = await p.task();
    const share = await t.request('PUT', `/api/v1/projects/${p.projectId}/shares`, {
      token: p.owner.token,
      body: { right: 1 },
    });
    expect(share.statusCode, share.body).toBe(201);
    const auth = await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} });
    const res = await comment(task.id, 'from a link', auth.json().token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().author).toMatchObject({
      id: -share.json().id,
      username: `link-share-${share.json().id}`,
    });
  });
});

describe('comments switched off', () => {
  it('answers 404 on every comment route', async () => {
    const off = await createTestApp({ ORDO_TASK_COMMENTS: 'false' });
    try {
      const user = await off.signUp('nocomments');
      const project = (
        await off.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'P' } })
      ).json();
      const task = (
        await off.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
          token: user.token,
          body: { title: 'T' },
        })
      ).json();
      const list = await off.request('GET', `/api/v1/tasks/${task.id}/comments`, { token: user.token });
      expect(list.statusCode).toBe(404);
      const add = await off.request('PUT', `/api/v1/tasks/${task.id}/comments`, {
        token: user.token,
        body: { comment: 'x' },
      });
      expect(add.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
