/**
 * Bad input is refused with a catalogue code before anything is written: texts over their field's
 * limit (412/2002, counted in characters), NUL characters (400/30042), dates that name no real
 * moment (400/2004), too many ids (400/30041) and bodies over the JSON body limit (413/30040).
 */
import { FIELD_LIMITS, MAX_IDS_PER_REQUEST } from '@ordo/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './support/multipart.js';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp, testDialect } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'lim');
});
afterAll(async () => t.close());

const asOwner = (method: string, url: string, body?: unknown) =>
  t.request(method, url, { token: p.owner.token, ...(body !== undefined ? { body: body as object } : {}) });

const taskTitles = async () =>
  (
    (await asOwner('GET', `/api/v1/projects/${p.projectId}/tasks?per_page=50`)).json() as { title: string }[]
  ).map((task) => task.title);

/** 250 emoji: 250 characters but 500 UTF-16 units, so the limit must count characters. */
const atLimit = '😀'.repeat(FIELD_LIMITS.title);
const overLimit = `${atLimit}x`;

describe('length limits (412/2002, counted in characters)', () => {
  const titled: [string, string, string, (title: string) => Record<string, unknown>][] = [
    ['a task', 'PUT', `/projects/{p}/tasks`, (title) => ({ title })],
    ['a project', 'PUT', '/projects', (title) => ({ title })],
    ['a label', 'PUT', '/labels', (title) => ({ title })],
    ['a team', 'PUT', '/teams', (name) => ({ name })],
    ['a saved filter', 'PUT', '/filters', (title) => ({ title, filters: { filter: 'done = false' } })],
    ['a view', 'PUT', '/projects/{p}/views', (title) => ({ title, view_kind: 'list' })],
  ];

  it.each(titled)(
    'takes %s titled with exactly the limit and refuses one character more',
    async (_, method, path, body) => {
      const url = `/api/v1${path.replace('{p}', String(p.projectId))}`;
      const over = await asOwner(method, url, body(overLimit));
      expect(over.statusCode, over.body).toBe(412);
      expect(over.json().code).toBe(2002);
      expect(over.json().invalid_fields[0]).toMatch(/does not validate as runelength\(1\|250\)$/);
      const ok = await asOwner(method, url, body(atLimit));
      expect(ok.statusCode, ok.body).toBe(201);
    },
  );

  it('writes nothing for a refused task title, nor for a refused edit', async () => {
    const before = await taskTitles();
    const refused = await asOwner('PUT', `/api/v1/projects/${p.projectId}/tasks`, { title: overLimit });
    expect(refused.statusCode).toBe(412);
    expect(await taskTitles()).toEqual(before);
    const task = await p.task('Kept title');
    const edit = await asOwner('POST', `/api/v1/tasks/${task.id}`, { title: overLimit });
    expect(edit.statusCode).toBe(412);
    expect((await asOwner('GET', `/api/v1/tasks/${task.id}`)).json().title).toBe('Kept title');
  });

  it('takes a description of the limit and refuses a longer one, without echoing all of it', async () => {
    const task = await p.task('Long description');
    const full = 'a'.repeat(FIELD_LIMITS.description);
    const ok = await asOwner('POST', `/api/v1/tasks/${task.id}`, {
      title: 'Long description',
      description: full,
    });
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
    const over = await asOwner('POST', `/api/v1/tasks/${task.id}`, {
      title: 'Long description',
      description: `${full}a`,
    });
    expect(over.statusCode).toBe(412);
    expect(over.json().invalid_fields[0]).toMatch(
      /^description: a+… does not validate as runelength\(0\|500000\)$/,
    );
    expect(over.body.length).toBeLessThan(5_000);
  });

  it('refuses a too-long comment and project identifier, and cuts a long colour to six digits', async () => {
    const task = await p.task('Commented');
    const comment = await asOwner('PUT', `/api/v1/tasks/${task.id}/comments`, {
      comment: 'c'.repeat(FIELD_LIMITS.description + 1),
    });
    expect(comment.statusCode).toBe(412);
    const color = await asOwner('PUT', '/api/v1/labels', { title: 'Colour', hex_color: '#aabbccdd' });
    expect(color.statusCode, color.body).toBe(201);
    expect(color.json().hex_color).toBe('aabbcc');
    const garbage = await asOwner('PUT', '/api/v1/labels', { title: 'Colour', hex_color: 'f'.repeat(251) });
    expect(garbage.statusCode).toBe(412);
    const identifier = await asOwner('PUT', '/api/v1/projects', {
      title: 'Ident',
      identifier: 'ABCDEFGHIJK',
    });
    expect(identifier.statusCode).toBe(412);
    expect((await asOwner('GET', '/api/v1/tasks/all?per_page=1')).statusCode).toBe(200);
  });
});

describe('NUL characters (400/30042)', () => {
  const nul = 'before\u0000after';

  const refused = (
    res: { statusCode: number; json: () => { code: number; message: string } },
    where: string,
  ) => {
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(30042);
    expect(res.json().message).toContain('NUL character (U+0000)');
    expect(res.json().message).toContain(where);
  };

  it('refuses one in a task title or description, writing nothing', async () => {
    const before = await taskTitles();
    refused(await asOwner('PUT', `/api/v1/projects/${p.projectId}/tasks`, { title: nul }), 'title');
    expect(await taskTitles()).toEqual(before);
    const task = await p.task('Clean');
    refused(
      await asOwner('POST', `/api/v1/tasks/${task.id}`, { title: 'Clean', description: nul }),
      'description',
    );
    expect((await asOwner('GET', `/api/v1/tasks/${task.id}`)).json().description).toBe('');
  });

  it('refuses one in a label, a project, a comment and deep inside a body', async () => {
    refused(await asOwner('PUT', '/api/v1/labels', { title: nul }), 'title');
    refused(await asOwner('PUT', '/api/v1/projects', { title: 'P', description: nul }), 'description');
    const task = await p.task('Comment target');
    refused(await asOwner('PUT', `/api/v1/tasks/${task.id}/comments`, { comment: nul }), 'comment');
    refused(
      await asOwner('PUT', `/api/v1/projects/${p.projectId}/tasks`, {
        title: 'Reminded',
        reminders: [{ reminder: `2030-01-01T00:00:00Z${'\u0000'}` }],
      }),
      'reminders.0.reminder',
    );
    const labels = (await asOwner('GET', '/api/v1/labels?s=before')).json() as unknown[];
    expect(labels).toEqual([]);
    const comments = (await asOwner('GET', `/api/v1/tasks/${task.id}/comments`)).json() as unknown[];
    expect(comments).toEqual([]);
  });

  it('refuses one in a search or filter query parameter and in a path', async () => {
    refused(await asOwner('GET', '/api/v1/tasks/all?s=a%00b'), 'query parameter s');
    refused(
      await asOwner('GET', `/api/v1/projects/${p.projectId}/tasks?filter=title%20%3D%20a%00`),
      'filter',
    );
    refused(await asOwner('GET', '/api/v1/projects?s=%00'), 's');
    refused(await asOwner('GET', '/api/v1/labels?s=%00'), 's');
    refused(await asOwner('PUT', `/api/v1/projects/${p.projectId}/users/x%00y`, { right: 0 }), 'path');
  });

  it('takes an escaped backslash followed by u0000, which is no NUL', async () => {
    const res = await asOwner(
      'PUT',
      `/api/v1/projects/${p.projectId}/tasks`,
      '{"title":"back\\\\u0000slash"}',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().title).toBe('back\\u0000slash');
  });
});

describe('dates that name no real moment (400/2004)', () => {
  it.each([
    ['due_date', '2026-02-30T10:00:00Z'],
    ['start_date', '2026-13-01T10:00:00Z'],
    ['end_date', '2026-01-01T24:61:00Z'],
    ['due_date', '2026-01-01T10:00:00+25:00'],
  ])('refuses %s %s and writes nothing', async (field, value) => {
    const before = await taskTitles();
    const res = await asOwner('PUT', `/api/v1/projects/${p.projectId}/tasks`, {
      title: 'Dated',
      [field]: value,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(2004);
    expect(res.json().message).toContain(field);
    expect(await taskTitles()).toEqual(before);
  });

  it('refuses an impossible reminder and an impossible edit, keeping the stored date', async () => {
    const reminder = await asOwner('PUT', `/api/v1/projects/${p.projectId}/tasks`, {
      title: 'Reminded',
      reminders: [{ reminder: '2026-02-29T08:00:00Z' }],
    });
    expect(reminder.statusCode).toBe(400);
    expect(reminder.json().code).toBe(2004);
    const task = await p.task('Due', { due_date: '2026-02-28T10:00:00Z' });
    const edit = await asOwner('POST', `/api/v1/tasks/${task.id}`, {
      title: 'Due',
      due_date: '2026-02-30T10:00:00Z',
    });
    expect(edit.statusCode).toBe(400);
    expect((await asOwner('GET', `/api/v1/tasks/${task.id}`)).json().due_date).toBe('2026-02-28T10:00:00Z');
  });

  it('still takes offsets, the zero date and a leap day', async () => {
    const res = await asOwner('PUT', `/api/v1/projects/${p.projectId}/tasks`, {
      title: 'Fine dates',
      due_date: '2028-02-29T23:30:00-02:00',
      start_date: '0001-01-01T00:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      due_date: '2028-03-01T01:30:00Z',
      start_date: '0001-01-01T00:00:00Z',
    });
  });

  it('refuses an impossible date in a task filter, and still takes a one-digit month', async () => {
    const bad = await asOwner(
      'GET',
      `/api/v1/tasks/all?filter=${encodeURIComponent('due_date < 2026-02-30')}`,
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().message).toContain('2026-02-30');
    const good = await asOwner(
      'GET',
      `/api/v1/tasks/all?filter=${encodeURIComponent('due_date < 2026-3-1')}`,
    );
    expect(good.statusCode, good.body).toBe(200);
  });

  it('refuses an impossible date in an API token expiry', async () => {
    const res = await asOwner('PUT', '/api/v1/tokens', {
      title: 'Token',
      permissions: { tasks: ['read_all'] },
      expires_at: '2030-02-30T00:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(2004);
  });
});

describe('id lists (400/30041)', () => {
  it.each([32_767, 65_536])('refuses a bulk edit naming %i ids, changing nothing', async (count) => {
    const task = await p.task('Bulk target', { priority: 1 });
    const ids = Array.from({ length: count }, (_, i) => task.id + i);
    const res = await asOwner('POST', '/api/v1/tasks/bulk', { task_ids: ids, priority: 5 });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json()).toEqual({
      code: 30041,
      message: `A request may list at most ${MAX_IDS_PER_REQUEST} entries in task_ids; this one lists ${count}.`,
    });
    expect((await asOwner('GET', `/api/v1/tasks/${task.id}`)).json().priority).toBe(1);
  });

  it('takes a bulk edit of exactly the cap, read in several queries', async () => {
    const a = await p.task('Bulk A');
    const b = await p.task('Bulk B');
    const others = Array.from({ length: MAX_IDS_PER_REQUEST - 2 }, (_, i) => 1_000_000 + i);
    const res = await asOwner('POST', '/api/v1/tasks/bulk', {
      task_ids: [a.id, ...others, b.id],
      priority: 3,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().tasks.map((x: { id: number; priority: number }) => [x.id, x.priority])).toEqual([
      [a.id, 3],
      [b.id, 3],
    ]);
  });

  // SQLite takes at most 32,766 bound parameters, so its case goes past that. PostgreSQL takes
  // 65,535, and each task it inserts costs its CalDAV and search triggers a few milliseconds (over
  // three minutes for 32,800 on a loaded CI host), so its case lists enough tasks for several of
  // the 500-id parts the details are read in, which is the code that keeps both under their limit.
  const copies = testDialect === 'sqlite' ? 32_800 : 1_300;
  it(`lists every task of a project (page=0): ${copies + 1} on ${testDialect}`, async () => {
    const project = (await asOwner('PUT', '/api/v1/projects', { title: 'Very many tasks' })).json();
    const first = (await asOwner('PUT', `/api/v1/projects/${project.id}/tasks`, { title: 'Copied' })).json();
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${copies})
      insert into tasks (project_id, title, "index", uid, created_by_id, created, updated)
      select t.project_id, t.title, t."index" + n.i, t.uid || '-' || n.i, t.created_by_id, t.created, t.updated
      from tasks t, n where t.id = ${first.id}`.execute(t.app.ordo.db.kysely);
    const res = await asOwner('GET', `/api/v1/projects/${project.id}/tasks?page=0`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toHaveLength(copies + 1);
  }, 180_000);

  it('caps the label and assignee lists of a task', async () => {
    const task = await p.task('Listed');
    const many = Array.from({ length: MAX_IDS_PER_REQUEST + 1 }, (_, i) => ({ id: i + 1 }));
    const labels = await asOwner('POST', `/api/v1/tasks/${task.id}/labels/bulk`, { labels: many });
    expect(labels.statusCode, labels.body.slice(0, 300)).toBe(400);
    expect(labels.json().code).toBe(30041);
    const assignees = await asOwner('POST', `/api/v1/tasks/${task.id}/assignees/bulk`, { assignees: many });
    expect(assignees.statusCode).toBe(400);
    expect(assignees.json().code).toBe(30041);
  });
});

describe('body size', () => {
  it('answers a 20 MB title with 413 at once, writing nothing', async () => {
    const before = await taskTitles();
    const started = Date.now();
    const res = await asOwner('PUT', `/api/v1/projects/${p.projectId}/tasks`, {
      title: 'x'.repeat(20 * 1024 * 1024),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 30040,
      message:
        'The request body is larger than the limit of 2 MB. Files are uploaded as multipart/form-data.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await taskTitles()).toEqual(before);
  });

  it('still takes an upload larger than the JSON body limit', async () => {
    const task = await p.task('With a file');
    const { body, contentType } = multipart([
      { name: 'big.bin', type: 'application/octet-stream', data: Buffer.alloc(3 * 1024 * 1024, 1) },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tasks/${task.id}/attachments`,
      headers: { authorization: `Bearer ${p.owner.token}`, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toHaveLength(1);
  });

  it('stores an upload whose name holds a NUL, and a declared type that is no media type, cleaned', async () => {
    const task = await p.task('With a strange file');
    const { body, contentType } = multipart([
      { name: 're\u0000port.txt', type: `text/${'x'.repeat(300)}`, data: 'hello' },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tasks/${task.id}/attachments`,
      headers: { authorization: `Bearer ${p.owner.token}`, 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success[0].file).toMatchObject({
      name: 'report.txt',
      mime: 'application/octet-stream',
    });
  });

  it('follows ORDO_MAX_BODY_SIZE', async () => {
    const small = await createTestApp({ ORDO_MAX_BODY_SIZE: '1KB' });
    try {
      const res = await small.request('POST', '/api/v1/register', {
        body: { username: 'someone', email: 'someone@example.com', password: 'p'.repeat(2000) },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toContain('limit of 1 KB');
    } finally {
      await small.close();
    }
  });
});
