import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { FIELD_LIMITS, toIsoSeconds, ZERO_DATE } from '@ordo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_TEXT,
  tickTickCsv,
  vikunjaExportData,
  vikunjaExportZip,
  zipOf,
} from './support/import-fixtures.js';
import { multipart } from './support/multipart.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
const MAX_IMPORT = 3 * 1024 * 1024;

beforeAll(async () => {
  // The import limit lies above the request body limit (the attachment limit plus 2 MB), which
  // must not cap an import; attachments over ORDO_MAX_FILE_SIZE are left out.
  t = await createTestApp({ ORDO_IMPORT_MAX_SIZE: '3MB', ORDO_MAX_FILE_SIZE: '1KB' });
});
afterAll(async () => t.close());

interface Project {
  id: number;
  title: string;
  parent_project_id: number;
  identifier: string;
  hex_color: string;
  is_archived: boolean;
  is_favorite: boolean;
}

/** Starts an import (the upload is checked at once, the write runs in the background). */
async function startImport(name: string, token: string, data: Buffer | string, filename = 'export.zip') {
  const { body, contentType } = multipart([
    { name: filename, type: 'application/octet-stream', data, field: 'import' },
  ]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/migration/${name}/migrate`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
}

/** Polls the status until the job ended. */
async function finished(name: string, token: string) {
  for (;;) {
    const status = await get(`/migration/${name}/status`, token);
    if (status.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Imports and waits for the background job to end; answers the upload's response. */
async function migrate(name: string, token: string, data: Buffer | string, filename = 'export.zip') {
  const res = await startImport(name, token, data, filename);
  if (res.statusCode === 200) await finished(name, token);
  return res;
}

async function projects(token: string): Promise<Project[]> {
  const res = await t.request('GET', '/api/v1/projects?per_page=500&is_archived=true', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function get(url: string, token: string) {
  const res = await t.request('GET', `/api/v1${url}`, { token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function tasksOf(projectId: number, token: string) {
  const views = await get(`/projects/${projectId}/views`, token);
  const table = views.find((v: { view_kind: string }) => v.view_kind === 'table');
  return get(`/projects/${projectId}/views/${table.id}/tasks?per_page=100`, token);
}

function storedFiles(): string[] {
  const dir = join(t.config.dataDir, 'files');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

async function counts(userId: number) {
  const db = t.app.ordo.db.kysely;
  const count = async (table: 'projects' | 'labels' | 'files' | 'migration_status', column: string) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column as never, '=', userId as never)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    projects: await count('projects', 'owner_id'),
    labels: await count('labels', 'created_by_id'),
    files: await count('files', 'created_by_id'),
    runs: await count('migration_status', 'user_id'),
  };
}

describe('/info', () => {
  it('lists exactly the importers that work', async () => {
    const info = (await t.request('GET', '/api/v1/info')).json();
    // The file importers (Vikunja's planka is not built; the OAuth ones need their services),
    // then the CSV importer of any layout.
    expect(info.available_migrators).toEqual([
      'vikunja-file',
      'ticktick',
      'todoist-csv',
      'trello-json',
      'wekan',
      'csv',
    ]);
    const { token } = await t.signUp('infomigrators');
    for (const name of info.available_migrators) {
      const status = await t.request('GET', `/api/v1/migration/${name}/status`, { token });
      expect([name, status.statusCode]).toEqual([name, 200]);
    }
  });
});

describe('Vikunja export import', () => {
  it('creates the projects, buckets, tasks, labels, comments, attachments and relations for the caller', async () => {
    const user = await t.signUp('vikimporter');
    const stranger = await t.signUp('vikstranger');
    // A label of the same title and colour exists already: the import reuses it.
    const label = (
      await t.request('PUT', '/api/v1/labels', {
        token: user.token,
        body: { title: 'urgent', hex_color: 'ff0000' },
      })
    ).json();

    const never = await get('/migration/vikunja-file/status', user.token);
    expect(never).toMatchObject({
      migrator_name: 'vikunja-file',
      started_at: ZERO_DATE,
      finished_at: ZERO_DATE,
    });

    const res = await migrate('vikunja-file', user.token, await vikunjaExportZip());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Migration was started successfully.', total: 3 });
    expect(await get('/migration/vikunja-file/status', user.token)).toMatchObject({
      state: 'done',
      done: 3,
      total: 3,
      result: { projects: 3, tasks: 3, labels: 2, comments: 1, attachments: 1 },
      error: null,
    });

    const all = await projects(user.token);
    const work = all.find((p) => p.title === 'Work')!;
    const website = all.find((p) => p.title === 'Website')!;
    const old = all.find((p) => p.title === 'Old stuff')!;
    expect(work).toMatchObject({
      parent_project_id: 0,
      identifier: 'WRK',
      hex_color: 'e8e8e8',
      is_favorite: true,
    });
    expect(website.parent_project_id).toBe(work.id);
    expect(old.is_archived).toBe(true);

    // Ordo's default views, the kanban one holding the imported buckets in their order.
    const views = await get(`/projects/${work.id}/views`, user.token);
    expect(views.map((v: { view_kind: string }) => v.view_kind)).toEqual([
      'list',
      'gantt',
      'table',
      'kanban',
    ]);
    const kanban = views[3];
    const buckets = await get(`/projects/${work.id}/views/${kanban.id}/tasks`, user.token);
    expect(buckets.map((b: { title: string }) => b.title)).toEqual(['Backlog', 'Shipped']);
    expect(kanban.default_bucket_id).toBe(buckets[0].id);
    expect(kanban.done_bucket_id).toBe(buckets[1].id);
    expect(buckets[0].limit).toBe(5);
    expect(buckets[0].tasks.map((x: { title: string }) => x.title)).toEqual(['Write the spec']);
    expect(buckets[1].tasks.map((x: { title: string }) => x.title)).toEqual(['Ship the release']);

    // The list view shows them in the export's order.
    const listTasks = await get(
      `/projects/${work.id}/views/${views[2].id}/tasks?sort_by=position&order_by=asc`,
      user.token,
    );
    expect(listTasks.map((x: { title: string }) => x.title)).toEqual(['Write the spec', 'Ship the release']);

    const workTasks = await tasksOf(work.id, user.token);
    const spec = workTasks.find((x: { title: string }) => x.title === 'Write the spec');
    const ship = workTasks.find((x: { title: string }) => x.title === 'Ship the release');
    const full = await get(`/tasks/${spec.id}`, user.token);
    expect(full).toMatchObject({
      description: '<p>Read <strong>this</strong></p>',
      done: false,
      due_date: '2030-05-01T12:00:00Z',
      start_date: '2030-04-20T08:00:00Z',
      end_date: '2030-05-01T12:00:00Z',
      priority: 3,
      percent_done: 0.5,
      hex_color: '00ff00',
      repeat_after: 86400,
      index: 7,
      identifier: 'WRK-7',
      is_favorite: true,
      created_by: expect.objectContaining({ id: user.id }),
    });
    expect(full.reminders).toEqual([
      { reminder: '2030-05-01T11:00:00Z', relative_period: -3600, relative_to: 'due_date' },
    ]);
    expect(full.labels.map((l: { id: number }) => l.id)).toEqual([label.id]);
    expect(full.related_tasks.subtask.map((x: { id: number }) => x.id)).toEqual([ship.id]);

    const done = await get(`/tasks/${ship.id}`, user.token);
    expect(done).toMatchObject({ done: true, done_at: '2024-03-02T10:00:00Z', index: 8, percent_done: 1 });
    expect(done.related_tasks.parenttask.map((x: { id: number }) => x.id)).toEqual([spec.id]);

    const comments = await get(`/tasks/${spec.id}/comments`, user.token);
    expect(comments).toHaveLength(1);
    // Written by "old", not the importing user: the comment names its author and day, and keeps its date.
    expect(comments[0]).toMatchObject({
      comment: '<p><em>old, 2024-01-01:</em></p><p>First thoughts</p>',
      author: expect.objectContaining({ id: user.id }),
      created: '2024-01-01T09:00:00Z',
    });

    const attachments = await get(`/tasks/${spec.id}/attachments`, user.token);
    expect(attachments).toHaveLength(1);
    expect(attachments[0].file).toMatchObject({ name: 'notes.txt', size: ATTACHMENT_TEXT.length });
    const bytes = await t.request('GET', `/api/v1/tasks/${spec.id}/attachments/${attachments[0].id}`, {
      token: user.token,
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.body).toBe(ATTACHMENT_TEXT);

    const siteTasks = await tasksOf(website.id, user.token);
    expect(siteTasks.map((x: { title: string }) => x.title)).toEqual(['Deploy the site']);
    expect(siteTasks[0].labels.map((l: { title: string }) => l.title)).toEqual(['web']);

    const status = await get('/migration/vikunja-file/status', user.token);
    expect(status.id).toBeGreaterThan(0);
    expect(status.started_at).not.toBe(ZERO_DATE);
    expect(status.finished_at).not.toBe(ZERO_DATE);

    // Nothing of it is anybody else's.
    const theirs = (await projects(stranger.token)).map((p) => p.title);
    expect(theirs).toContain('Inbox');
    for (const title of ['Work', 'Website', 'Old stuff']) expect(theirs).not.toContain(title);
    expect((await t.request('GET', `/api/v1/tasks/${spec.id}`, { token: stranger.token })).statusCode).toBe(
      403,
    );
    expect(
      (await t.request('GET', `/api/v1/projects/${work.id}`, { token: stranger.token })).statusCode,
    ).toBe(403);
    const strangerStatus = await get('/migration/vikunja-file/status', stranger.token);
    expect(strangerStatus.finished_at).toBe(ZERO_DATE);
  });

  it('imports another export as new projects, reusing the labels the first import made', async () => {
    const user = await t.signUp('vikreimport');
    expect((await migrate('vikunja-file', user.token, await vikunjaExportZip())).statusCode).toBe(200);
    const before = await counts(user.id);
    // The same export again is refused (import-notice.test.ts); a later one holds a new task.
    const later = vikunjaExportData();
    later[0].tasks.push({ ...later[0].tasks[0], id: 1002, title: 'Plan the next release', index: 9 });
    expect((await migrate('vikunja-file', user.token, await vikunjaExportZip(later))).statusCode).toBe(200);
    const after = await counts(user.id);
    expect(after.projects).toBe(before.projects + 3);
    expect(after.labels).toBe(before.labels);
    const titles = (await projects(user.token)).map((p) => p.title).filter((title) => title === 'Work');
    expect(titles).toHaveLength(2);
    // The second project cannot have the identifier the first one has.
    const works = (await projects(user.token)).filter((p) => p.title === 'Work');
    expect(works.map((p) => p.identifier).sort()).toEqual(['', 'WRK']);
  });

  it('drops NUL characters from imported text, which PostgreSQL could not store', async () => {
    const user = await t.signUp('viknul');
    const data = vikunjaExportData();
    data[0].title = 'Wo\u0000rk';
    data[0].tasks[1].title = 'Write\u0000 the spec';
    data[0].tasks[1].comments = [
      {
        id: 9,
        comment: '<p>First\u0000 thoughts</p>',
        author: data[0].owner,
        created: '2024-01-01T09:00:00Z',
      },
    ];
    const res = await migrate('vikunja-file', user.token, await vikunjaExportZip(data));
    expect(res.statusCode, res.body).toBe(200);
    const work = (await projects(user.token)).find((p) => p.title === 'Work');
    expect(work).toBeDefined();
    const tasks = (await tasksOf(work!.id, user.token)) as { id: number; title: string }[];
    const spec = tasks.find((task) => task.title === 'Write the spec');
    expect(spec).toBeDefined();
    const comments = await get(`/tasks/${spec!.id}/comments`, user.token);
    expect(comments[0].comment).toBe('<p><em>old, 2024-01-01:</em></p><p>First thoughts</p>');
  });

  it("keeps tasks' and comments' dates; the importing user's own comments need no author line", async () => {
    const user = await t.signUp('vikdates');
    const data = vikunjaExportData();
    const spec = data[0].tasks[1];
    spec.created = '2023-12-24T08:00:00Z';
    spec.comments = [
      {
        id: 9,
        comment: '<p>Mine</p>',
        author: { id: 1, username: 'VikDates', name: 'Me' },
        created: '2024-01-01T09:00:00Z',
      },
      {
        id: 10,
        comment: '<p>Theirs</p>',
        author: { id: 2, username: 'bob', name: 'Bob <Builder>' },
        created: '2024-01-02T10:00:00Z',
      },
      { id: 11, comment: '<p>Nobody</p>', created: '2024-01-03T11:00:00Z' },
    ];
    const res = await migrate('vikunja-file', user.token, await vikunjaExportZip(data));
    expect(res.statusCode, res.body).toBe(200);
    const work = (await projects(user.token)).find((p) => p.title === 'Work')!;
    const tasks = (await tasksOf(work.id, user.token)) as { id: number; title: string; created: string }[];
    const written = tasks.find((task) => task.title === 'Write the spec')!;
    expect(written.created).toBe('2023-12-24T08:00:00Z');
    // A task the export gives no date was created by the import.
    expect(tasks.find((task) => task.title === 'Ship the release')!.created).not.toBe(ZERO_DATE);
    const comments = await get(`/tasks/${written.id}/comments`, user.token);
    expect(comments.map((c: { comment: string; created: string }) => [c.comment, c.created])).toEqual([
      ['<p>Mine</p>', '2024-01-01T09:00:00Z'],
      ['<p><em>Bob &lt;Builder&gt;, 2024-01-02:</em></p><p>Theirs</p>', '2024-01-02T10:00:00Z'],
      ['<p>Nobody</p>', '2024-01-03T11:00:00Z'],
    ]);
  });

  it('rejects files it cannot use with the catalogue error and writes nothing', async () => {
    const user = await t.signUp('vikbroken');
    const before = await counts(user.id);
    const notZip = await migrate('vikunja-file', user.token, 'this is not a zip at all');
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json()).toEqual({ code: 14001, message: 'The provided file is not a valid zip file.' });

    const noData = await migrate(
      'vikunja-file',
      user.token,
      await zipOf({ VERSION: 'v0.24.1', 'readme.txt': 'x' }),
    );
    expect(noData.statusCode).toBe(400);
    expect(noData.json()).toEqual({ code: 14002, message: 'The provided file does not contain any data.' });

    const badJson = await migrate(
      'vikunja-file',
      user.token,
      await zipOf({ VERSION: 'v0.24.1', 'data.json': '{nope' }),
    );
    expect(badJson.json().code).toBe(14002);

    const empty = await migrate('vikunja-file', user.token, Buffer.alloc(0));
    expect(empty.json().code).toBe(14002);

    // A zip whose data.json is damaged: the archive opens, reading data.json fails.
    const corrupt = Buffer.from(
      await zipOf({ VERSION: 'v0.24.1', 'data.json': JSON.stringify(vikunjaExportData()) }),
    );
    const at = corrupt.indexOf(Buffer.from('data.json')) + 'data.json'.length;
    corrupt.fill(0x41, at, at + 40);
    const damaged = await migrate('vikunja-file', user.token, corrupt);
    expect(damaged.statusCode).toBe(400);
    expect([14001, 14002]).toContain(damaged.json().code);

    expect(await counts(user.id)).toEqual(before);
    expect((await get('/migration/vikunja-file/status', user.token)).started_at).toBe(ZERO_DATE);
  });

  it('rolls everything back when the write fails halfway', async () => {
    const user = await t.signUp('vikrollback');
    const before = await counts(user.id);
    const filesBefore = storedFiles();
    // Damage the compressed bytes of files/77 only. Opening the zip reads its central directory
    // (intact), so the damage shows when the attachment is read: while the tasks are written,
    // after the projects, labels and the first tasks went in.
    // "Ship the release" is written first and stores files/78; "Write the spec" then fails on 77.
    const data = vikunjaExportData();
    (data[0].tasks![0] as { attachments: unknown }).attachments = [
      { id: 6, task_id: 1001, file: { id: 78, name: 'first.txt', mime: 'text/plain', size: 5 } },
    ];
    const bad = await zipOf({
      VERSION: 'v0.24.1',
      'data.json': JSON.stringify(data),
      'files/78': 'first',
      'files/77': ATTACHMENT_TEXT,
    });
    const name = bad.indexOf(Buffer.from('files/77'));
    bad.fill(0x00, name + 'files/77'.length, name + 'files/77'.length + ATTACHMENT_TEXT.length);
    // The upload is fine as far as can be checked before writing; the job fails on files/77.
    const res = await migrate('vikunja-file', user.token, bad);
    expect(res.statusCode).toBe(200);
    const status = await get('/migration/vikunja-file/status', user.token);
    expect(status).toMatchObject({ state: 'failed', error: { code: 14001 } });
    expect(await counts(user.id)).toEqual({ ...before, runs: before.runs + 1 });
    // The bytes of attachments stored before the failure are gone again too.
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('takes an upload larger than the request body limit, leaving out attachments over the file size limit', async () => {
    const user = await t.signUp('viklarge');
    const data = vikunjaExportData();
    const long = 'x'.repeat(2_400_000);
    data[1].tasks[0].description = `<p>${long}</p>`;
    (data[0].tasks![0] as { attachments: unknown }).attachments = [
      {
        id: 6,
        task_id: 1001,
        file: { id: 78, name: 'big.bin', mime: 'application/octet-stream', size: 4096 },
      },
    ];
    const zip = await zipOf(
      {
        VERSION: 'v0.24.1',
        'data.json': JSON.stringify(data),
        'files/77': ATTACHMENT_TEXT,
        'files/78': 'y'.repeat(4096),
      },
      false,
    );
    expect(zip.length).toBeGreaterThan(2 * 1024 * 1024 + 1024);
    const res = await migrate('vikunja-file', user.token, zip);
    expect(res.statusCode, res.body).toBe(200);
    const all = await projects(user.token);
    const website = all.find((p) => p.title === 'Website')!;
    const [deploy] = await tasksOf(website.id, user.token);
    // A description is cut to the description limit, as the API would refuse a longer one.
    const description: string = (await get(`/tasks/${deploy.id}`, user.token)).description;
    expect(description.startsWith(`<p>${'x'.repeat(FIELD_LIMITS.description - 3)}`)).toBe(true);
    expect(description.length).toBeLessThanOrEqual(FIELD_LIMITS.description + '</p>'.length);
    const work = all.find((p) => p.title === 'Work')!;
    const workTasks = await tasksOf(work.id, user.token);
    const ship = workTasks.find((x: { title: string }) => x.title === 'Ship the release');
    const spec = workTasks.find((x: { title: string }) => x.title === 'Write the spec');
    expect(await get(`/tasks/${ship.id}/attachments`, user.token)).toEqual([]);
    expect(
      (await get(`/tasks/${spec.id}/attachments`, user.token)).map(
        (a: { file: { name: string } }) => a.file.name,
      ),
    ).toEqual(['notes.txt']);
  });

  it('refuses an upload over ORDO_IMPORT_MAX_SIZE with 413', async () => {
    const user = await t.signUp('viktoolarge');
    const res = await migrate('vikunja-file', user.token, Buffer.alloc(MAX_IMPORT + 10, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(4013);
  });

  it('turns away a second import while one runs (412 with its start)', async () => {
    const user = await t.signUp('vikbusy');
    const startedAt = toIsoSeconds(new Date());
    await t.app.ordo.db.kysely
      .insertInto('migration_status')
      .values({ user_id: user.id, migrator_name: 'ticktick', started_at: startedAt, finished_at: null })
      .execute();
    const before = await counts(user.id);
    const res = await migrate('vikunja-file', user.token, await vikunjaExportZip());
    expect(res.statusCode).toBe(412);
    expect(res.json()).toEqual({
      code: 14005,
      message: 'Migration already running',
      running_since: startedAt,
    });
    expect(await counts(user.id)).toEqual(before);
    const running = await get('/migration/ticktick/status', user.token);
    expect(running).toMatchObject({ started_at: startedAt, finished_at: ZERO_DATE });
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/migration/vikunja-file/status' });
    expect(res.statusCode).toBe(401);
    const unknown = await t.request('GET', '/api/v1/migration/planka/status', {
      token: (await t.signUp('vikplanka')).token,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('TickTick import', () => {
  it('creates folders and lists under "Migrated from TickTick" with tasks, tags, subtasks and repeats', async () => {
    const user = await t.signUp('tickimporter');
    const res = await migrate('ticktick', user.token, tickTickCsv(), 'ticktick.csv');
    expect(res.statusCode, res.body).toBe(200);

    const all = await projects(user.token);
    const parent = all.find((p) => p.title === 'Migrated from TickTick')!;
    const folder = all.find((p) => p.title === 'Work')!;
    const alpha = all.find((p) => p.title === 'Alpha')!;
    const inbox = all.find((p) => p.title === 'Inbox' && p.parent_project_id === parent.id)!;
    expect(parent.parent_project_id).toBe(0);
    expect(folder.parent_project_id).toBe(parent.id);
    expect(alpha.parent_project_id).toBe(folder.id);
    expect(inbox).toBeDefined();

    const tasks = await tasksOf(alpha.id, user.token);
    const plan = await get(
      `/tasks/${tasks.find((x: { title: string }) => x.title === 'Plan the launch').id}`,
      user.token,
    );
    const book = await get(
      `/tasks/${tasks.find((x: { title: string }) => x.title === 'Book the venue').id}`,
      user.token,
    );
    expect(plan).toMatchObject({
      description: '<p>Line one</p><p>Line &lt;two&gt;</p>',
      start_date: '2030-01-10T09:00:00Z',
      due_date: '2030-01-12T17:00:00Z',
      end_date: '2030-01-12T17:00:00Z',
      priority: 3,
      repeat_after: 14 * 86400,
      done: false,
    });
    expect(plan.reminders).toEqual([
      { reminder: '2030-01-12T16:30:00Z', relative_period: -1800, relative_to: 'due_date' },
    ]);
    expect(plan.labels.map((l: { title: string }) => l.title).sort()).toEqual(['urgent', 'work']);
    expect(plan.related_tasks.subtask.map((x: { id: number }) => x.id)).toEqual([book.id]);
    expect(book).toMatchObject({ done: true, done_at: '2024-02-01T10:00:00Z', priority: 1 });
    expect(book.labels.map((l: { id: number }) => l.id)).toEqual([
      plan.labels.find((l: { title: string }) => l.title === 'work').id,
    ]);

    // The list's kanban columns are its buckets.
    const views = await get(`/projects/${alpha.id}/views`, user.token);
    const kanban = views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
    const buckets = await get(`/projects/${alpha.id}/views/${kanban.id}/tasks`, user.token);
    expect(
      buckets.map((b: { title: string; tasks: { title: string }[] }) => [
        b.title,
        b.tasks.map((x) => x.title),
      ]),
    ).toEqual([
      ['Doing', ['Plan the launch']],
      ['Done', ['Book the venue']],
    ]);

    const packing = (await tasksOf(inbox.id, user.token))[0];
    expect(packing.title).toBe('Packing list');
    expect(packing.priority).toBe(2);
    expect(packing.description).toBe(
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>Passport</p></li><li data-type="taskItem" data-checked="false"><p>Charger</p></li></ul>',
    );

    const status = await get('/migration/ticktick/status', user.token);
    expect(status.finished_at).not.toBe(ZERO_DATE);
    expect((await get('/migration/vikunja-file/status', user.token)).started_at).toBe(ZERO_DATE);
  });

  it("keeps an all-day task's reminder on its day: a positive trigger is after the day's start", async () => {
    const user = await t.signUp('tickallday');
    // All day on 22 May in Berlin (the export writes local midnight in UTC); TickTick's default
    // "on the day at 09:00" is P0DT9H after that midnight, "1 day early at 09:00" -P0DT15H.
    const csv = [
      ...tickTickCsv().split('\n').slice(0, 7),
      '"","Errands","Renew the passport","TEXT","","","N","","2026-05-21T22:00:00+0000","TRIGGER:P0DT9H0M0S,TRIGGER:-P0DT15H0M0S","","0","0","2026-05-01T10:00:00+0000","","0","Europe/Berlin","true","false",,,"list","7",""',
      '',
    ].join('\n');
    const res = await migrate('ticktick', user.token, csv, 'ticktick.csv');
    expect(res.statusCode, res.body).toBe(200);
    const list = (await projects(user.token)).find((p) => p.title === 'Errands')!;
    const [listed] = await tasksOf(list.id, user.token);
    const task = await get(`/tasks/${listed.id}`, user.token);
    expect(task.due_date).toBe('2026-05-21T22:00:00Z');
    const reminders = [...task.reminders].sort((a: { reminder: string }, b: { reminder: string }) =>
      a.reminder.localeCompare(b.reminder),
    );
    expect(reminders).toEqual([
      // 21 May, 09:00 in Berlin.
      { reminder: '2026-05-21T07:00:00Z', relative_period: -54_000, relative_to: 'due_date' },
      // 22 May, 09:00 in Berlin.
      { reminder: '2026-05-22T07:00:00Z', relative_period: 32_400, relative_to: 'due_date' },
    ]);
  });

  it('rejects a file that is no TickTick CSV, or one without tasks, and writes nothing', async () => {
    const user = await t.signUp('tickbroken');
    const before = await counts(user.id);
    const other = await migrate('ticktick', user.token, 'name,email\nana,ana@example.com\n', 'people.csv');
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ code: 14003, message: 'The provided file is not a valid CSV file.' });
    const zip = await migrate('ticktick', user.token, await vikunjaExportZip(), 'export.zip');
    expect(zip.json().code).toBe(14003);
    const headerOnly = tickTickCsv().split('\n').slice(0, 7).join('\n');
    const noTasks = await migrate('ticktick', user.token, headerOnly, 'ticktick.csv');
    expect(noTasks.statusCode).toBe(400);
    expect(noTasks.json().code).toBe(14002);
    expect(await counts(user.id)).toEqual(before);
  });
});
