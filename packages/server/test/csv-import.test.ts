/**
 * The generic CSV import: a preview with a suggested mapping, then the import by the chosen
 * mapping into a new or an existing project, run as a background job. Fixture files made by hand
 * (fixtures/imports/csv/): comma, semicolon with a BOM and CRLF, tab; broken ones are refused with
 * an error naming the line and column, and nothing is written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const FIXTURES = join(import.meta.dirname, 'fixtures/imports/csv');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

/** A multipart body with the file in `import` and text fields, as the web app's FormData sends. */
function form(file: Buffer | string, fields: Record<string, string> = {}, filename = 'tasks.csv') {
  const boundary = `----ordo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="import"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function preview(token: string, file: Buffer | string) {
  const { payload, contentType } = form(file);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/migration/csv/preview',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

function startImport(token: string, file: Buffer | string, options: unknown) {
  const { payload, contentType } = form(file, { options: JSON.stringify(options) });
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/migration/csv/migrate',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

async function get(url: string, token: string) {
  const res = await t.request('GET', `/api/v1${url}`, { token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function finished(token: string) {
  for (;;) {
    const status = await get('/migration/csv/status', token);
    if (status.state !== 'running') return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Imports with the suggested mapping (plus `options`) and waits for the job. */
async function importFile(token: string, file: Buffer | string, options: Record<string, unknown>) {
  const suggested = (await preview(token, file)).json();
  const res = await startImport(token, file, {
    columns: suggested.columns.map((c: { suggested: string }) => c.suggested),
    date_format: suggested.date_format.suggested,
    ...options,
  });
  expect(res.statusCode, res.body).toBe(200);
  return finished(token);
}

interface Task {
  id: number;
  title: string;
  description: string;
  done: boolean;
  done_at: string;
  due_date: string;
  start_date: string;
  end_date: string;
  priority: number;
  percent_done: number;
  index: number;
  labels: { title: string }[] | null;
}

async function tasksOf(projectId: number, token: string): Promise<Task[]> {
  const tasks: Task[] = await get(`/projects/${projectId}/tasks?per_page=250&sort_by=id`, token);
  return tasks;
}

async function projectsOf(
  token: string,
): Promise<{ id: number; title: string; parent_project_id: number }[]> {
  return get('/projects?per_page=250', token);
}

async function bucketsOf(projectId: number, token: string) {
  const views = await get(`/projects/${projectId}/views`, token);
  const kanban = views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
  return {
    kanban,
    buckets: (await get(`/projects/${projectId}/views/${kanban.id}/buckets`, token)) as {
      id: number;
      title: string;
    }[],
  };
}

/** The kanban bucket a task sits in (its project has one kanban view). */
async function bucketOf(taskId: number): Promise<number | undefined> {
  const row = await t.app.ordo.db.kysely
    .selectFrom('task_buckets')
    .select('bucket_id')
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  return row?.bucket_id;
}

async function counts(userId: number) {
  const db = t.app.ordo.db.kysely;
  const n = async (table: 'projects' | 'tasks' | 'labels' | 'buckets' | 'migration_status', column: string) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where(column as never, '=', userId as never)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    projects: await n('projects', 'owner_id'),
    tasks: await n('tasks', 'created_by_id'),
    labels: await n('labels', 'created_by_id'),
    buckets: await n('buckets', 'created_by_id'),
    runs: await n('migration_status', 'user_id'),
  };
}

describe('CSV preview', () => {
  it('answers the columns with a suggested mapping, the first rows and the date format', async () => {
    const { token } = await t.signUp('csvpreview');
    const res = await preview(token, fixture('aufgaben-semikolon.csv'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.delimiter).toBe(';');
    expect(body.columns).toEqual([
      { header: 'Titel', suggested: 'title' },
      { header: 'Beschreibung', suggested: 'description' },
      { header: 'Fällig', suggested: 'due_date' },
      { header: 'Start', suggested: 'start_date' },
      { header: 'Ende', suggested: 'end_date' },
      { header: 'Priorität', suggested: 'priority' },
      { header: 'Erledigt', suggested: 'done' },
      { header: 'Schlagwörter', suggested: 'labels' },
      { header: 'Projekt', suggested: 'project' },
    ]);
    expect(body.row_count).toBe(3);
    expect(body.sample[0]).toEqual([
      'Steuererklärung',
      'Belege sammeln;\ndann abgeben',
      '31.05.2026 18:00',
      '01.05.2026',
      '31.05.2026',
      'dringend',
      'nein',
      'Finanzen',
      'Haushalt',
    ]);
    expect(body.date_format).toEqual({ suggested: 'dmy', ambiguous: false });

    const tabs = (await preview(token, fixture('tabs.tsv'))).json();
    expect(tabs.delimiter).toBe('\t');
    expect(tabs.columns.map((c: { suggested: string }) => c.suggested)).toEqual([
      'title',
      'description',
      'due_date',
      'labels',
    ]);
    expect(tabs.date_format).toEqual({ suggested: 'iso', ambiguous: false });
  });

  it('says when the date format is ambiguous', async () => {
    const { token } = await t.signUp('csvambiguous');
    const body = (await preview(token, 'Title,Due\nA,01/02/2026\nB,03/04/2026\n')).json();
    expect(body.date_format).toEqual({ suggested: 'dmy', ambiguous: true });
  });

  it('refuses files it cannot read, and link shares', async () => {
    const { token } = await t.signUp('csvpreviewbad');
    const quote = await preview(token, fixture('broken-quote.csv'));
    expect([quote.statusCode, quote.json().code]).toEqual([400, 14003]);
    const latin = await preview(token, fixture('broken-not-utf8.csv'));
    expect([latin.statusCode, latin.json().code, latin.json().reason]).toEqual([
      400,
      14003,
      'The file is not UTF-8 text.',
    ]);
    const empty = await preview(token, '');
    expect([empty.statusCode, empty.json().code]).toEqual([400, 14002]);
    const notMultipart = await t.request('POST', '/api/v1/migration/csv/preview', { token, body: {} });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.body).toContain('multipart');

    const project = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Shared' } })).json();
    const share = (
      await t.request('PUT', `/api/v1/projects/${project.id}/shares`, { token, body: { right: 2 } })
    ).json();
    const shareToken = (await t.request('POST', `/api/v1/shares/${share.hash}/auth`, { body: {} })).json()
      .token;
    const asShare = await preview(shareToken, fixture('tasks-comma.csv'));
    expect([asShare.statusCode, asShare.json().code]).toEqual([403, 1023]);
  });
});

describe('CSV import', () => {
  it('imports into a new project by the mapping: fields, labels, buckets, quoted line breaks', async () => {
    const user = await t.signUp('csvnew');
    const status = await importFile(user.token, fixture('tasks-comma.csv'), { project_title: 'From CSV' });
    expect(status).toMatchObject({ migrator_name: 'csv', state: 'done', error: null });
    expect(status.result).toMatchObject({ projects: 1, tasks: 4, labels: 3 });

    const project = (await projectsOf(user.token)).find((p) => p.title === 'From CSV');
    expect(project).toBeDefined();
    const tasks = await tasksOf(project?.id as number, user.token);
    expect(tasks.map((task) => task.title)).toEqual([
      'Write the report',
      'Book flights',
      'Call the "bank"',
      '=HYPERLINK(evil)',
    ]);
    const [report, flights, bank] = tasks as [Task, Task, Task];
    expect(report).toMatchObject({
      description: '<p>First draft by Friday.</p><p>Then ask Sam, Kim and Lee.</p>',
      due_date: '2026-03-02T09:30:00Z',
      priority: 3,
      done: false,
      percent_done: 0.5,
    });
    expect(report.labels?.map((l) => l.title).sort()).toEqual(['work', 'writing']);
    expect(flights).toMatchObject({
      done: true,
      due_date: '2026-04-10T00:00:00Z',
      priority: 3,
      percent_done: 1,
    });
    expect(bank).toMatchObject({ description: '<p>Ask about the fees</p>', priority: 1, done: false });

    // The Status column became the kanban buckets, in the order first seen.
    const { buckets } = await bucketsOf(project?.id as number, user.token);
    expect(buckets.map((b) => b.title)).toEqual(['Doing', 'Done', 'To-Do']);
    expect(await bucketOf(report.id)).toBe(buckets[0]?.id);
    expect(await bucketOf(bank.id)).toBe(buckets[2]?.id);

    // The user is told, as for every import.
    const notes = await get('/notifications', user.token);
    expect(notes[0]).toMatchObject({ name: 'migration.done' });
  });

  it('reads German headers, day-first dates in the user’s time zone and makes child projects', async () => {
    const user = await t.signUp('csvgerman');
    const settings = await t.request('POST', '/api/v1/user/settings/general', {
      token: user.token,
      body: { ...(await get('/user/settings/general', user.token)), timezone: 'Europe/Berlin' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const status = await importFile(user.token, fixture('aufgaben-semikolon.csv'), {
      project_title: 'Importiert',
    });
    expect(status.state, JSON.stringify(status.error)).toBe('done');

    const all = await projectsOf(user.token);
    const target = all.find((p) => p.title === 'Importiert');
    const home = all.find((p) => p.title === 'Haushalt');
    const work = all.find((p) => p.title === 'Arbeit');
    expect(home?.parent_project_id).toBe(target?.id);
    expect(work?.parent_project_id).toBe(target?.id);
    const [taxes, windows] = await tasksOf(home?.id as number, user.token);
    expect(taxes).toMatchObject({
      title: 'Steuererklärung',
      description: '<p>Belege sammeln;</p><p>dann abgeben</p>',
      due_date: '2026-05-31T16:00:00Z',
      start_date: '2026-04-30T22:00:00Z',
      end_date: '2026-05-30T22:00:00Z',
      priority: 4,
      done: false,
    });
    expect(windows).toMatchObject({ title: 'Fenster putzen', done: true, priority: 1 });
    expect(windows?.labels?.map((l) => l.title).sort()).toEqual(['Frühjahr', 'Wohnung']);
    const [talk] = await tasksOf(work?.id as number, user.token);
    expect(talk).toMatchObject({ title: 'Vortrag üben', priority: 2, due_date: '2026-06-02T22:00:00Z' });
  });

  it('imports into an existing project: its buckets matched by title, numbers after its own', async () => {
    const user = await t.signUp('csvexisting');
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'Home' } })
    ).json();
    const first = await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: user.token,
      body: { title: 'Already here' },
    });
    expect(first.statusCode).toBe(201);
    const before = await bucketsOf(project.id, user.token);
    const status = await importFile(user.token, fixture('tabs.tsv'), { project_id: project.id });
    expect(status.state, JSON.stringify(status.error)).toBe('done');
    expect(status.result).toMatchObject({ tasks: 2 });

    const tasks = await tasksOf(project.id, user.token);
    expect(tasks.map((task) => [task.title, task.index])).toEqual([
      ['Already here', 1],
      ['Plant tomatoes', 2],
      ['Water lawn', 3],
    ]);
    expect(tasks[1]?.description).toBe('<p>In the south bed</p>');
    expect(tasks[2]?.labels?.map((l) => l.title).sort()).toEqual(['garden', 'weekly']);
    expect(
      (await projectsOf(user.token))
        .filter((p) => p.id > 0)
        .map((p) => p.title)
        .sort(),
    ).toEqual(['Home', 'Inbox']);

    // A Bucket column naming "doing" lands in the seeded "Doing"; "Later" is added.
    const withBuckets = 'Title,Bucket\nA,doing\nB,Later\n';
    expect((await importFile(user.token, withBuckets, { project_id: project.id })).state).toBe('done');
    const after = await bucketsOf(project.id, user.token);
    expect(after.buckets.map((b) => b.title)).toEqual([...before.buckets.map((b) => b.title), 'Later']);
    const byTitle = new Map((await tasksOf(project.id, user.token)).map((task) => [task.title, task]));
    expect(await bucketOf(byTitle.get('A')?.id as number)).toBe(
      after.buckets.find((b) => b.title === 'Doing')?.id,
    );
    expect(await bucketOf(byTitle.get('B')?.id as number)).toBe(
      after.buckets.find((b) => b.title === 'Later')?.id,
    );
  });

  it('importing the same file into the same project again adds nothing twice', async () => {
    const user = await t.signUp('csvtwice');
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'Home' } })
    ).json();
    const file = fixture('aufgaben-semikolon.csv');
    const first = await importFile(user.token, file, { project_id: project.id });
    expect(first.result).toMatchObject({ projects: 2, tasks: 3 });
    const before = await counts(user.id);
    const second = await importFile(user.token, file, { project_id: project.id });
    expect(second.state, JSON.stringify(second.error)).toBe('done');
    expect(second.result).toMatchObject({ projects: 0, tasks: 0 });
    expect(await counts(user.id)).toEqual({ ...before, runs: before.runs + 1 });

    // A row changed in the file (a new due date) and a new row come in; the rest stays single.
    const changed = `${file.toString('utf8').replace('15.04.2026', '16.04.2026')}Neu;;;;;;;;Haushalt\r\n`;
    const third = await importFile(user.token, changed, { project_id: project.id });
    expect(third.result).toMatchObject({ projects: 0, tasks: 2 });
    const home = (await projectsOf(user.token)).filter((p) => p.title === 'Haushalt');
    expect(home).toHaveLength(1);
    expect((await tasksOf(home[0]?.id as number, user.token)).map((task) => task.title)).toEqual([
      'Steuererklärung',
      'Fenster putzen',
      'Fenster putzen',
      'Neu',
    ]);
  });

  it('cancelling an import into an existing project removes its tasks and buckets again', async () => {
    const user = await t.signUp('csvcancel');
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'Big' } })
    ).json();
    await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: user.token,
      body: { title: 'Mine' },
    });
    const before = await counts(user.id);
    const rows = Array.from({ length: 6000 }, (_, i) => `Task ${i},Column ${i % 3}`);
    const file = `Title,Bucket\n${rows.join('\n')}\n`;
    const started = await startImport(user.token, file, {
      columns: ['title', 'bucket'],
      project_id: project.id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const cancel = await t.request('POST', '/api/v1/migration/csv/cancel', { token: user.token });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const status = await finished(user.token);
    expect(status.state).toBe('cancelled');
    expect(await counts(user.id)).toEqual({ ...before, runs: before.runs + 1 });
    expect((await tasksOf(project.id, user.token)).map((task) => task.title)).toEqual(['Mine']);
  });

  it('refuses a bad cell naming its line and column, and writes nothing', async () => {
    const user = await t.signUp('csvbroken');
    const before = await counts(user.id);
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'broken-date.csv',
        { date_format: 'iso' },
        'Line 5, column "Due date": "2026-02-30" is not a date of the form YYYY-MM-DD.',
      ],
      [
        'broken-priority.csv',
        {},
        'Line 3, column "Priority": "urgentissimo" is not a priority (0 to 5, or low, medium, high, urgent, do now).',
      ],
      ['broken-empty-title.csv', {}, 'Line 3, column "Title": the title is empty.'],
    ];
    for (const [name, options, message] of cases) {
      const suggested = (await preview(user.token, fixture(name))).json();
      const res = await startImport(user.token, fixture(name), {
        columns: suggested.columns.map((c: { suggested: string }) => c.suggested),
        project_title: 'Never',
        ...options,
      });
      expect([name, res.statusCode, res.json().code, res.json().message]).toEqual([
        name,
        400,
        30090,
        message,
      ]);
    }
    // Every bad cell is listed, not only the first.
    const dates = await startImport(user.token, fixture('broken-date.csv'), {
      columns: ['title', 'description', 'due_date'],
      project_title: 'Never',
    });
    expect(dates.json().errors).toEqual([
      { line: 5, column: 'Due date', message: '"2026-02-30" is not a date of the form YYYY-MM-DD' },
      { line: 6, column: 'Due date', message: '"not a date" is not a date of the form YYYY-MM-DD' },
    ]);
    for (const name of ['broken-quote.csv', 'broken-not-utf8.csv', 'header-only.csv']) {
      const res = await startImport(user.token, fixture(name), {
        columns: ['title', 'ignore'],
        project_title: 'N',
      });
      expect([name, res.statusCode, res.json().code]).toEqual([
        name,
        400,
        name === 'header-only.csv' ? 14002 : 14003,
      ]);
    }
    expect(await counts(user.id)).toEqual(before);
  });

  it('refuses a mapping it cannot use and projects the user may not write to', async () => {
    const user = await t.signUp('csvmapping');
    const other = await t.signUp('csvother');
    const file = fixture('tasks-comma.csv');
    const nine = [
      'title',
      'description',
      'due_date',
      'priority',
      'done',
      'labels',
      'bucket',
      'percent_done',
      'ignore',
    ];
    const bad: [unknown, string][] = [
      [{ columns: ['title'] }, 'the file has 9 columns and the mapping names 1'],
      [{ columns: nine.map((c) => (c === 'title' ? 'ignore' : c)) }, 'no column is mapped to the title'],
      [
        { columns: nine.map((c) => (c === 'labels' ? 'title' : c)) },
        '"title" is mapped to more than one column',
      ],
      [{ columns: nine.map((c) => (c === 'ignore' ? 'owner' : c)) }, '"owner" is not a task field'],
      [{ columns: nine, date_format: 'yyyy' }, '"date_format" must be one of iso, dmy, mdy'],
      [{ columns: nine }, 'a new project needs a title ("project_title")'],
      [{ columns: 'title' }, '"columns" must list a task field or "ignore" for each column'],
      [{ columns: nine, project_id: 'x' }, '"project_id" must be a project id, or 0 for a new project'],
    ];
    for (const [options, reason] of bad) {
      const res = await startImport(user.token, file, {
        project_title: reason.includes('new project needs') ? '' : 'X',
        ...(options as object),
      });
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        400,
        30091,
        `The column mapping cannot be used: ${reason}.`,
      ]);
    }
    const notJson = form(file, { options: '{nope' });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/migration/csv/migrate',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': notJson.contentType },
      payload: notJson.payload,
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 30091]);

    const theirs = (
      await t.request('PUT', '/api/v1/projects', { token: other.token, body: { title: 'Theirs' } })
    ).json();
    const forbidden = await startImport(user.token, file, { columns: nine, project_id: theirs.id });
    expect(forbidden.statusCode).toBe(403);
    await t.request('PUT', `/api/v1/projects/${theirs.id}/users`, {
      token: other.token,
      body: { username: 'csvmapping', right: 0 },
    });
    const readOnly = await startImport(user.token, file, { columns: nine, project_id: theirs.id });
    expect(readOnly.statusCode).toBe(403);
    const missing = await startImport(user.token, file, { columns: nine, project_id: 999999 });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 3001]);
    expect(await tasksOf(theirs.id, other.token)).toEqual([]);
    expect((await counts(user.id)).runs).toBe(0);
  });
});
