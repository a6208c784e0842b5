/**
 * Moving to another Ordo: the zip a user downloads from /user/export/download, uploaded to the
 * Vikunja export import (PUT /migration/vikunja-file/migrate) by another account, recreates the
 * projects the exporting account owned — child and archived projects, colours, identifiers,
 * favourites, kanban buckets with their limits and tasks, custom fields — and their tasks with
 * every field, reminders, labels, comments (keeping their dates; another person's starting with
 * their name), attachments' bytes and relations. Projects others shared with the account stay
 * out. Broken exports are refused with the codes a broken Vikunja export gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportThread } from '../src/modules/migration/worker/host.js';
import { zipOf } from './support/import-fixtures.js';
import { importFile, ownedRows } from './support/import-upload.js';
import { useImportWorkerBundle } from './support/import-worker-bundle.js';
import { multipart } from './support/multipart.js';
import { createTestApp, type TestApp, testDialect } from './support/test-app.js';
import { unzip } from './support/unzip.js';

let t: TestApp;
/** The server moved to: on the other database, every import read and written in the worker thread. */
let next: TestApp;
let removeBundle: () => void;
beforeAll(async () => {
  removeBundle = await useImportWorkerBundle();
  t = await createTestApp();
  next = await createTestApp(
    { ORDO_IMPORT_WORKER_FROM: '0' },
    { dialect: testDialect === 'sqlite' ? 'postgres' : 'sqlite' },
  );
});
afterAll(async () => {
  await t.close();
  await next.close();
  removeBundle();
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of several shapes, compared as a whole.
type Json = Record<string, any>;
const PASSWORD = 'tidy-otter-42';
/** The bytes of the attachment: not text, so a re-encoding would show. */
const BYTES = Buffer.from([0x00, 0xff, 0x10, 0x7f, ...Buffer.from(' paint chart ')]);

/** A request that must succeed, on this server (`t`) or the one moved to. */
async function ok(method: 'GET' | 'PUT' | 'POST', url: string, token: string, body?: unknown, on = t) {
  const res = await on.request(method, `/api/v1${url}`, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/** Requests the user's export, waits for the build and downloads the zip as the web app does. */
async function downloadExport(token: string): Promise<Buffer> {
  await ok('POST', '/user/export/request', token, { password: PASSWORD });
  const deadline = Date.now() + 15_000;
  while (!(await ok('GET', '/user/export', token)).id) {
    if (Date.now() > deadline) throw new Error('the export did not finish');
    await new Promise((r) => setTimeout(r, 50));
  }
  const res = await t.request('POST', '/api/v1/user/export/download', {
    token,
    body: { password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

const importZip = (token: string, zip: Buffer) =>
  importFile(t, 'vikunja-file', token, zip, 'ordo-export-mover-2030-01-01.zip');

/**
 * A's account: "Home" (favourite, coloured, with an identifier and a description, shared with C
 * for writing) with kanban buckets Waiting (limit 2) and the seeded ones, custom fields and four
 * tasks; its child "Garden"; the archived "Old flat"; an unused label; and C's project shared
 * with A. Dates are moved into the past, as an account in use for years has them.
 */
async function richAccount(a: { token: string }, c: { token: string }, cName: string, aName: string) {
  const home = await ok('PUT', '/projects', a.token, {
    title: 'Home',
    description: '<p>Our <strong>house</strong></p>',
    identifier: 'HOME',
    hex_color: 'aabbcc',
    is_favorite: true,
  });
  await ok('PUT', `/projects/${home.id}/users`, a.token, { username: cName, right: 1 });
  const garden = await ok('PUT', '/projects', a.token, {
    title: 'Garden',
    hex_color: '33aa55',
    parent_project_id: home.id,
  });
  const flat = await ok('PUT', '/projects', a.token, { title: 'Old flat', description: '<p>Moved out</p>' });
  const theirs = await ok('PUT', '/projects', c.token, { title: 'Shared by C' });
  await ok('PUT', `/projects/${theirs.id}/users`, c.token, { username: aName, right: 1 });
  await ok('PUT', `/projects/${theirs.id}/tasks`, c.token, { title: 'C task' });

  const kanban = (await ok('GET', `/projects/${home.id}/views`, a.token)).find(
    (v: Json) => v.view_kind === 'kanban',
  );
  const base = `/projects/${home.id}/views/${kanban.id}/buckets`;
  const waiting = await ok('PUT', base, a.token, { title: 'Waiting', limit: 2 });
  const seeded = (await ok('GET', base, a.token)) as Json[];
  const doing = seeded.find((b) => b.title === 'Doing')!;
  await ok('POST', `${base}/${doing.id}`, a.token, { title: 'Doing', limit: 4 });

  const hours = await ok('PUT', `/projects/${home.id}/fields`, a.token, {
    title: 'Hours',
    kind: 'number',
    show_on_cards: true,
  });
  const size = await ok('PUT', `/projects/${home.id}/fields`, a.token, {
    title: 'Size',
    kind: 'choice',
    options: ['S', 'M', 'L'],
  });
  const outdoor = await ok('PUT', '/labels', a.token, { title: 'outdoor', hex_color: '00aa00' });
  await ok('PUT', '/labels', a.token, { title: 'someday', hex_color: '123456', description: '<p>Later</p>' });

  const fence = await ok('PUT', `/projects/${home.id}/tasks`, a.token, {
    title: 'Paint the fence',
    description: '<p>White <strong>paint</strong></p>',
    due_date: '2030-05-01T12:00:00Z',
    start_date: '2030-04-20T08:00:00Z',
    end_date: '2030-05-02T18:00:00Z',
    priority: 4,
    percent_done: 0.5,
    hex_color: 'ff8800',
    repeat_after: 604800,
    is_favorite: true,
    reminders: [{ reminder: '2030-04-30T09:00:00Z' }, { relative_to: 'due_date', relative_period: -3600 }],
    custom_fields: { [hours.id]: 3.5, [size.id]: 'M' },
  });
  const paint = await ok('PUT', `/projects/${home.id}/tasks`, a.token, {
    title: 'Buy paint',
    repeat_after: 1,
    repeat_mode: 1,
  });
  await ok('PUT', `/projects/${home.id}/tasks`, a.token, { title: 'Fix the gate', done: true });
  await ok('PUT', `/projects/${home.id}/tasks`, a.token, { title: 'Clean windows' });
  const water = await ok('PUT', `/projects/${garden.id}/tasks`, a.token, {
    title: 'Water the plants',
    repeat_after: 86400,
    repeat_mode: 2,
  });
  await ok('PUT', `/projects/${flat.id}/tasks`, a.token, { title: 'Hand back the keys', done: true });
  await ok('POST', `/projects/${flat.id}`, a.token, { title: 'Old flat', is_archived: true });

  await ok('POST', `${base}/${doing.id}/tasks`, a.token, { task_id: fence.id });
  await ok('POST', `${base}/${waiting.id}/tasks`, a.token, { task_id: paint.id });
  await ok('PUT', `/tasks/${fence.id}/labels`, a.token, { label_id: outdoor.id });
  await ok('PUT', `/tasks/${water.id}/labels`, a.token, { label_id: outdoor.id });
  await ok('PUT', `/tasks/${fence.id}/relations`, a.token, {
    other_task_id: paint.id,
    relation_kind: 'subtask',
  });
  await ok('PUT', `/tasks/${water.id}/relations`, a.token, {
    other_task_id: fence.id,
    relation_kind: 'related',
  });
  await ok('PUT', `/tasks/${fence.id}/comments`, a.token, { comment: '<p>Bought brushes</p>' });
  await ok('PUT', `/tasks/${fence.id}/comments`, c.token, { comment: '<p>I can <em>help</em></p>' });
  const { body, contentType } = multipart([
    { name: 'chart.bin', type: 'application/octet-stream', data: BYTES },
  ]);
  const uploaded = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/tasks/${fence.id}/attachments`,
    headers: { authorization: `Bearer ${a.token}`, 'content-type': contentType },
    payload: body,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);

  // Years of use: the tasks and comments were written long before the move.
  const db = t.app.ordo.db.kysely;
  const ids = [fence.id, paint.id, water.id];
  await db.updateTable('tasks').set({ created: '2021-03-04T05:06:07Z' }).where('id', 'in', ids).execute();
  await db
    .updateTable('task_comments')
    .set({ created: '2022-06-07T08:09:10Z' })
    .where('task_id', '=', fence.id)
    .execute();
}

/** Everything a user sees of these projects, by title, for comparing two accounts. */
async function seen(token: string, projectIds: number[], on = t) {
  const all = (await ok('GET', '/projects?is_archived=true&per_page=500', token, undefined, on)) as Json[];
  const byId = new Map(all.map((p) => [p.id, p]));
  const out: Json = {};
  for (const id of projectIds) {
    const p = byId.get(id)!;
    const views = (await ok('GET', `/projects/${id}/views`, token, undefined, on)) as Json[];
    const kanban = views.find((v) => v.view_kind === 'kanban')!;
    const buckets = (await ok(
      'GET',
      `/projects/${id}/views/${kanban.id}/tasks`,
      token,
      undefined,
      on,
    )) as Json[];
    const fields = (await ok('GET', `/projects/${id}/fields`, token, undefined, on)) as Json[];
    const fieldTitle = new Map(fields.map((f) => [String(f.id), f.title]));
    const table = views.find((v) => v.view_kind === 'table')!;
    const tasks = (await ok(
      'GET',
      `/projects/${id}/views/${table.id}/tasks?per_page=100`,
      token,
      undefined,
      on,
    )) as Json[];
    const detailed: Json = {};
    for (const listed of tasks) {
      const task = await ok('GET', `/tasks/${listed.id}`, token, undefined, on);
      const comments = (await ok('GET', `/tasks/${task.id}/comments`, token, undefined, on)) as Json[];
      const attachments = (await ok('GET', `/tasks/${task.id}/attachments`, token, undefined, on)) as Json[];
      const files = [];
      for (const a of attachments) {
        const bytes = await on.request('GET', `/api/v1/tasks/${task.id}/attachments/${a.id}`, { token });
        files.push({
          name: a.file.name,
          mime: a.file.mime,
          size: a.file.size,
          bytes: bytes.rawPayload.toString('hex'),
        });
      }
      detailed[task.title] = {
        description: task.description,
        done: task.done,
        done_at: task.done_at,
        due_date: task.due_date,
        start_date: task.start_date,
        end_date: task.end_date,
        priority: task.priority,
        percent_done: task.percent_done,
        hex_color: task.hex_color,
        repeat_after: task.repeat_after,
        repeat_mode: task.repeat_mode,
        index: task.index,
        identifier: task.identifier,
        is_favorite: task.is_favorite,
        created: task.created,
        reminders: task.reminders,
        labels: (task.labels ?? []).map((l: Json) => [l.title, l.hex_color]),
        related: Object.fromEntries(
          Object.entries((task.related_tasks ?? {}) as Record<string, Json[]>).map(([kind, others]) => [
            kind,
            others.map((o) => o.title).sort(),
          ]),
        ),
        custom_fields: Object.fromEntries(
          Object.entries(task.custom_fields ?? {}).map(([fieldId, value]) => [
            fieldTitle.get(fieldId),
            value,
          ]),
        ),
        comments: comments.map((c) => ({
          author: c.author.username,
          comment: c.comment,
          created: c.created,
        })),
        attachments: files,
      };
    }
    out[p.title] = {
      description: p.description,
      identifier: p.identifier,
      hex_color: p.hex_color,
      is_archived: p.is_archived,
      is_favorite: p.is_favorite,
      parent: byId.get(p.parent_project_id)?.title ?? '',
      buckets: buckets.map((b) => ({
        title: b.title,
        limit: b.limit,
        tasks: b.tasks.map((x: Json) => x.title).sort(),
      })),
      default_bucket: buckets.find((b) => b.id === kanban.default_bucket_id)?.title ?? '',
      done_bucket: buckets.find((b) => b.id === kanban.done_bucket_id)?.title ?? '',
      fields: fields.map((f) => [f.title, f.kind, f.options, f.show_on_cards]),
      tasks: detailed,
    };
  }
  return out;
}

const ownedIds = async (token: string, userId: number, on = t) =>
  ((await ok('GET', '/projects?is_archived=true&per_page=500', token, undefined, on)) as Json[])
    // Favourites and saved filters show as projects with ids below zero.
    .filter((p) => p.id > 0 && p.owner.id === userId)
    .map((p) => p.id as number);

describe('importing an Ordo data export', () => {
  it("recreates the exporting account's own projects, buckets and tasks with every field for the importing user", async () => {
    const a = await t.signUp('movera');
    const b = await t.signUp('moverb');
    const c = await t.signUp('moverc');
    await richAccount(a, c, 'moverc', 'movera');
    const zip = await downloadExport(a.token);

    const before = await ownedIds(b.token, b.id);
    const res = await importZip(b.token, zip);
    expect(res.statusCode, res.body).toBe(200);
    const status = await ok('GET', '/migration/vikunja-file/status', b.token);
    expect(status).toMatchObject({
      state: 'done',
      result: { projects: 4, tasks: 6, labels: 2, comments: 2, attachments: 1 },
      error: null,
    });

    const imported = (await ownedIds(b.token, b.id)).filter((id) => !before.includes(id));
    const had = await seen(a.token, await ownedIds(a.token, a.id));
    const got = await seen(b.token, imported);
    // A's own Inbox comes along as a project of its own beside B's.
    expect(Object.keys(got).sort()).toEqual(['Garden', 'Home', 'Inbox', 'Old flat']);

    // What differs on purpose: the importing user wrote the comments, C's naming C and its day.
    const fence = had.Home.tasks['Paint the fence'];
    expect(fence.comments).toEqual([
      { author: 'movera', comment: '<p>Bought brushes</p>', created: '2022-06-07T08:09:10Z' },
      { author: 'moverc', comment: '<p>I can <em>help</em></p>', created: '2022-06-07T08:09:10Z' },
    ]);
    fence.comments = [
      { author: 'moverb', comment: '<p>Bought brushes</p>', created: '2022-06-07T08:09:10Z' },
      {
        author: 'moverb',
        comment: '<p><em>moverc, 2022-06-07:</em></p><p>I can <em>help</em></p>',
        created: '2022-06-07T08:09:10Z',
      },
    ];
    expect(got).toEqual(had);

    // The comparison covered what A had: a rich account, not empty values on both sides.
    expect(had.Home).toMatchObject({
      identifier: 'HOME',
      hex_color: 'aabbcc',
      is_favorite: true,
      done_bucket: 'Done',
      fields: [
        ['Hours', 'number', [], true],
        ['Size', 'choice', ['S', 'M', 'L'], false],
      ],
    });
    expect(had.Home.buckets).toEqual([
      { title: 'To-Do', limit: 0, tasks: ['Clean windows'] },
      { title: 'Done', limit: 0, tasks: ['Fix the gate'] },
      { title: 'Doing', limit: 4, tasks: ['Paint the fence'] },
      { title: 'Waiting', limit: 2, tasks: ['Buy paint'] },
    ]);
    expect(had.Garden.parent).toBe('Home');
    expect(had['Old flat'].is_archived).toBe(true);
    expect(fence).toMatchObject({
      created: '2021-03-04T05:06:07Z',
      is_favorite: true,
      repeat_after: 604800,
      labels: [['outdoor', '00aa00']],
      related: { subtask: ['Buy paint'], related: ['Water the plants'] },
      custom_fields: { Hours: 3.5, Size: 'M' },
    });
    expect(fence.reminders).toHaveLength(2);
    expect(fence.attachments).toEqual([
      { name: 'chart.bin', mime: expect.any(String), size: BYTES.length, bytes: BYTES.toString('hex') },
    ]);
    expect(had.Home.tasks['Fix the gate'].done).toBe(true);
    expect(had.Home.tasks['Buy paint'].repeat_mode).toBe(1);

    // The label no task carries came along too; C's project did not.
    const labels = (await ok('GET', '/labels', b.token)) as Json[];
    expect(labels.map((l) => [l.title, l.hex_color, l.description]).sort()).toEqual([
      ['outdoor', '00aa00', ''],
      ['someday', '123456', '<p>Later</p>'],
    ]);
    const titles = ((await ok('GET', '/projects?is_archived=true', b.token)) as Json[]).map((p) => p.title);
    expect(titles).not.toContain('Shared by C');

    // The same export again is refused, as any file imported before.
    const again = await importZip(b.token, zip);
    expect(again.statusCode).toBe(409);

    // A moves to another server (the other database) under the same name: the comments A wrote
    // are A's again there. The import runs in the worker thread.
    const moved = await next.signUp('movera');
    const there = await ownedIds(moved.token, moved.id, next);
    const threads = ImportThread.started;
    const move = await importFile(next, 'vikunja-file', moved.token, zip, 'ordo-export.zip');
    expect(move.statusCode, move.body).toBe(200);
    expect(ImportThread.started).toBe(threads + 1);
    expect((await ok('GET', '/migration/vikunja-file/status', moved.token, undefined, next)).state).toBe(
      'done',
    );
    const arrived = (await ownedIds(moved.token, moved.id, next)).filter((id) => !there.includes(id));
    for (const comment of fence.comments) comment.author = 'movera';
    expect(await seen(moved.token, arrived, next)).toEqual(had);
  });

  it('imported into the exporting account itself, makes copies whose comments need no author line', async () => {
    const a = await t.signUp('selfmover');
    const p = await ok('PUT', '/projects', a.token, { title: 'Mine' });
    const task = await ok('PUT', `/projects/${p.id}/tasks`, a.token, { title: 'Note' });
    await ok('PUT', `/tasks/${task.id}/comments`, a.token, { comment: '<p>to self</p>' });
    const zip = await downloadExport(a.token);
    expect((await importZip(a.token, zip)).statusCode).toBe(200);
    const mine = ((await ok('GET', '/projects', a.token)) as Json[]).filter((x) => x.title === 'Mine');
    expect(mine).toHaveLength(2);
    const copy = mine.find((x) => x.id !== p.id)!;
    const [copied] = (await ok('GET', `/projects/${copy.id}/tasks`, a.token)) as Json[];
    const comments = (await ok('GET', `/tasks/${copied.id}/comments`, a.token)) as Json[];
    expect(comments.map((x) => x.comment)).toEqual(['<p>to self</p>']);
  });

  it('refuses broken exports with the codes a broken Vikunja export gets, and writes nothing', async () => {
    const b = await t.signUp('brokenmover');
    const before = await ownedIds(b.token, b.id);
    const account = JSON.stringify({ id: 7, username: 'old' });
    const project = { id: 1, title: 'P', owner: { id: 7 }, tasks: [{ id: 1, title: 'T' }] };
    const cases: [string, Record<string, string>][] = [
      ['projects.json is not JSON', { 'account.json': account, 'projects.json': '[{"id": 1, "title":' }],
      ['projects.json is not a list', { 'account.json': account, 'projects.json': '{"id": 1}' }],
      ['account.json is not JSON', { 'account.json': '{nope', 'projects.json': JSON.stringify([project]) }],
      ['account.json names no account', { 'account.json': '{}', 'projects.json': JSON.stringify([project]) }],
      [
        'the account owned no project',
        { 'account.json': account, 'projects.json': JSON.stringify([{ ...project, owner: { id: 8 } }]) },
      ],
    ];
    for (const [what, entries] of cases) {
      const res = await importZip(b.token, await zipOf(entries));
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({
        code: 14002,
        message: 'The provided file does not contain any data.',
      });
    }
    const notZip = await importZip(b.token, Buffer.from('account.json projects.json'));
    expect(notZip.json().code).toBe(14001);
    expect(await ownedIds(b.token, b.id)).toEqual(before);

    // A well-formed one imports, counting only the account's projects against the limits.
    const good = await importZip(
      b.token,
      await zipOf({
        'account.json': account,
        'projects.json': JSON.stringify([
          project,
          { ...project, id: 2, title: 'Not theirs', owner: { id: 8 } },
        ]),
      }),
    );
    expect(good.statusCode, good.body).toBe(200);
    expect((await ok('GET', '/migration/vikunja-file/status', b.token)).result).toMatchObject({
      projects: 1,
      tasks: 1,
    });
  });
});

describe('an Ordo export whose parts need more memory to read than an import may use', () => {
  it('is refused by the gate before the server parses account.json or labels.json', async () => {
    const small = await createTestApp({ ORDO_IMPORT_MAX_MEMORY: '16MB' });
    try {
      const b = await small.signUp('hugeparts');
      const before = await ownedRows(small, b.id);
      const project = { id: 1, title: 'P', owner: { id: 7 }, tasks: [{ id: 1, title: 'T' }] };
      // About 20 MB of JSON each: more than the gate's 16 MB heap holds once parsed.
      const many = Array.from({ length: 600_000 }, (_, i) => ({ title: `label ${i}`, hex_color: '' }));
      const cases: Record<string, string>[] = [
        { 'account.json': JSON.stringify({ id: 7 }), 'labels.json': JSON.stringify(many) },
        { 'account.json': JSON.stringify({ id: 7, padding: many }) },
      ];
      for (const entries of cases) {
        const zip = await zipOf({ ...entries, 'projects.json': JSON.stringify([project]) });
        const res = await importFile(small, 'vikunja-file', b.token, zip, 'ordo-export.zip');
        expect(res.statusCode, res.body).toBe(413);
        expect(res.json().code).toBe(30051);
      }
      expect(await ownedRows(small, b.id)).toEqual(before);
    } finally {
      await small.close();
    }
  });
});

/** What the import relies on in the export. */
describe('the export the import reads', () => {
  it('names its account, its projects with their owners, and each task’s buckets', async () => {
    const a = await t.signUp('exportshape');
    const p = await ok('PUT', '/projects', a.token, { title: 'Shape', is_favorite: true });
    await ok('PUT', `/projects/${p.id}/tasks`, a.token, { title: 'T' });
    const entries = await unzip(await downloadExport(a.token));
    expect(JSON.parse(entries.get('account.json')!.toString()).id).toBe(a.id);
    const shape = (JSON.parse(entries.get('projects.json')!.toString()) as Json[]).find(
      (x) => x.id === p.id,
    )!;
    expect(shape.owner.id).toBe(a.id);
    // The favourite mark is the exporting user's and comes along.
    expect(shape.is_favorite).toBe(true);
    expect(shape.tasks[0].buckets.map((x: Json) => x.title)).toEqual(['To-Do']);
  });
});
