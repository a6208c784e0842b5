/**
 * The generic CSV import on Vikunja's wire: detect (structure and a suggested mapping), preview
 * (the first tasks by a configuration), then the import by it into a new or an existing project,
 * run as a background job. Fixture files made by hand (fixtures/imports/csv/): comma, semicolon
 * with a BOM and CRLF, tab; broken ones are refused with an error naming the line and column, and
 * nothing is written.
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

function upload(method: 'PUT', url: string, token: string, file: Buffer | string, fields = {}) {
  const { payload, contentType } = form(file, fields);
  return t.app.inject({
    method,
    url: `/api/v1/migration/csv/${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

const detect = (token: string, file: Buffer | string) => upload('PUT', 'detect', token, file);

const preview = (token: string, file: Buffer | string, config: unknown) =>
  upload('PUT', 'preview', token, file, { config: JSON.stringify(config) });

const startImport = (token: string, file: Buffer | string, config: unknown) =>
  upload('PUT', 'migrate', token, file, { config: JSON.stringify(config) });

/** A mapping naming one attribute per column, from the first. */
const mappingOf = (attributes: string[]) =>
  attributes.map((attribute, i) => ({ column_index: i, column_name: `#${i}`, attribute }));

/** The configuration detect suggests, as Vikunja's frontend sends it back, plus `options`. */
async function suggestedConfig(token: string, file: Buffer | string, options: Record<string, unknown> = {}) {
  const detected = await detect(token, file);
  expect(detected.statusCode, detected.body).toBe(200);
  const body = detected.json();
  return {
    delimiter: body.delimiter,
    quote_char: body.quote_char,
    date_format: body.date_format,
    skip_rows: 0,
    mapping: body.suggested_mapping,
    ...options,
  };
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

/** Imports with the suggested configuration (plus `options`) and waits for the job. */
async function importFile(token: string, file: Buffer | string, options: Record<string, unknown>) {
  const res = await startImport(token, file, await suggestedConfig(token, file, options));
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

describe('CSV detect', () => {
  it('answers the columns, delimiter, quote, date layout, a suggested mapping and the first rows', async () => {
    const { token } = await t.signUp('csvdetect');
    const res = await detect(token, fixture('aufgaben-semikolon.csv'));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      columns: [
        'Titel',
        'Beschreibung',
        'Fällig',
        'Start',
        'Ende',
        'Priorität',
        'Erledigt',
        'Schlagwörter',
        'Projekt',
      ],
      delimiter: ';',
      quote_char: '"',
      date_format: '02.01.2006',
      date_format_ambiguous: false,
      total_rows: 3,
    });
    expect(body.suggested_mapping.map((m: { attribute: string }) => m.attribute)).toEqual([
      'title',
      'description',
      'due_date',
      'start_date',
      'end_date',
      'priority',
      'done',
      'labels',
      'project',
    ]);
    expect(body.suggested_mapping[2]).toEqual({
      column_index: 2,
      column_name: 'Fällig',
      attribute: 'due_date',
    });
    expect(body.preview_rows).toHaveLength(3);
    expect(body.preview_rows[0]).toEqual([
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

    const tabs = (await detect(token, fixture('tabs.tsv'))).json();
    expect(tabs.delimiter).toBe('\t');
    expect(tabs.suggested_mapping.map((m: { attribute: string }) => m.attribute)).toEqual([
      'title',
      'description',
      'due_date',
      'labels',
    ]);
    expect(tabs.date_format).toBe('2006-01-02');
  });

  it('says when the date layout is ambiguous, and finds pipes and single quotes', async () => {
    const { token } = await t.signUp('csvambiguous');
    const body = (await detect(token, 'Title,Due\nA,01/02/2026\nB,03/04/2026\n')).json();
    expect([body.date_format, body.date_format_ambiguous]).toEqual(['02/01/2006', true]);
    const piped = (await detect(token, "Title|Notes\n'Pay rent'|'monthly | by the 3rd'\n")).json();
    expect([piped.delimiter, piped.quote_char, piped.preview_rows]).toEqual([
      '|',
      "'",
      [['Pay rent', 'monthly | by the 3rd']],
    ]);
    // Told how to read it (Ordo's addition), detect reads it so: rows skipped, another delimiter.
    const told = await upload('PUT', 'detect', token, 'My tasks\nTitle;Due\nA;2026-01-02\n', {
      config: JSON.stringify({ delimiter: ';', quote_char: '"', skip_rows: 1 }),
    });
    expect(told.json()).toMatchObject({ columns: ['Title', 'Due'], preview_rows: [['A', '2026-01-02']] });
  });

  it('refuses files it cannot read, and link shares', async () => {
    const { token } = await t.signUp('csvpreviewbad');
    const quote = await detect(token, fixture('broken-quote.csv'));
    expect([quote.statusCode, quote.json().code]).toEqual([400, 14003]);
    const latin = await detect(token, fixture('broken-not-utf8.csv'));
    expect([latin.statusCode, latin.json().code, latin.json().reason]).toEqual([
      400,
      14003,
      'The file is not UTF-8 text.',
    ]);
    const empty = await detect(token, '');
    expect([empty.statusCode, empty.json().code]).toEqual([400, 14002]);
    const notMultipart = await t.request('PUT', '/api/v1/migration/csv/detect', { token, body: {} });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.body).toContain('multipart');
    // The former Ordo-only call is gone: one contract. The path is Vikunja's PUT, so POST is 405.
    const oldCall = await t.request('POST', '/api/v1/migration/csv/preview', { token, body: {} });
    expect(oldCall.statusCode).toBe(405);
    expect(oldCall.headers.allow).toBe('PUT');

    const project = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Shared' } })).json();
    const share = (
      await t.request('PUT', `/api/v1/projects/${project.id}/shares`, { token, body: { right: 2 } })
    ).json();
    const shareToken = (await t.request('POST', `/api/v1/shares/${share.hash}/auth`, { body: {} })).json()
      .token;
    for (const call of [
      detect(shareToken, fixture('tasks-comma.csv')),
      preview(shareToken, fixture('tasks-comma.csv'), { mapping: mappingOf(['title']) }),
    ]) {
      const res = await call;
      expect([res.statusCode, res.json().code]).toEqual([403, 1023]);
    }
  });
});

describe('CSV preview', () => {
  it('answers the first 5 tasks as the configuration reads them, and the bad cells of the whole file', async () => {
    const user = await t.signUp('csvpreview');
    const rows = Array.from(
      { length: 8 },
      (_, i) => `Task ${i + 1};0${i + 1}.03.2026;${i % 2 ? 'ja' : 'nein'};a, b`,
    );
    const file = `Notes above the table\nExported by a spreadsheet\nName;Fällig;Erledigt;Tags;Tags 2\n${rows.join('\n')}\nBad;31.02.2026;ja;\n`;
    const config = {
      delimiter: ';',
      quote_char: '"',
      date_format: '02.01.2006',
      skip_rows: 2,
      mapping: [
        ...mappingOf(['title', 'due_date', 'done', 'labels']),
        { column_index: 4, column_name: 'Tags 2', attribute: 'labels' },
      ],
    };
    const res = await preview(user.token, file, config);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total_rows).toBe(9);
    expect(body.tasks).toHaveLength(5);
    expect(body.tasks[0]).toEqual({
      title: 'Task 1',
      description: '',
      due_date: '2026-03-01T00:00:00Z',
      done: false,
      priority: 0,
      labels: ['a', 'b'],
    });
    expect(body.tasks[1]).toMatchObject({ title: 'Task 2', done: true });
    expect(body.error_count).toBe(1);
    expect(body.errors).toEqual([
      'Line 12, column "Fällig": "31.02.2026" is not a date of the form DD.MM.YYYY.',
    ]);
    expect(body.bad_cells).toEqual([
      { line: 12, column: 'Fällig', message: '"31.02.2026" is not a date of the form DD.MM.YYYY' },
    ]);
    // Nothing is written by a preview.
    expect((await counts(user.id)).tasks).toBe(0);

    const noConfig = await upload('PUT', 'preview', user.token, file);
    expect([noConfig.statusCode, noConfig.json().code]).toEqual([400, 14004]);
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

  it('a completion date makes a task done, as exports without a done column (Asana) mark it', async () => {
    const user = await t.signUp('csvcompleted');
    const asana = [
      'Task ID,Created At,Completed At,Last Modified,Name,Section/Column,Assignee,Assignee Email,Start Date,Due Date,Tags,Notes,Projects,Parent task',
      '1,2026-01-01,2026-01-05,2026-01-05,Finished thing,Done,,,,2026-01-04,"a,b",Some notes,Proj,',
      '2,2026-01-01,,2026-01-05,Open thing,To do,,,,2026-02-01,,,Proj,Finished thing',
    ].join('\n');
    const config = await suggestedConfig(user.token, asana, { project_title: 'From Asana' });
    expect(config.mapping[2]).toMatchObject({ column_name: 'Completed At', attribute: 'done_at' });
    const previewed = await preview(user.token, asana, config);
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json().tasks).toMatchObject([
      { title: 'Finished thing', done: true, done_at: '2026-01-05T00:00:00Z' },
      { title: 'Open thing', done: false },
    ]);
    const res = await startImport(user.token, asana, config);
    expect(res.statusCode, res.body).toBe(200);
    expect((await finished(user.token)).state).toBe('done');
    const project = (await projectsOf(user.token)).find((p) => p.title === 'From Asana');
    const [finishedTask, open] = await tasksOf(project?.id as number, user.token);
    expect(finishedTask).toMatchObject({
      title: 'Finished thing',
      done: true,
      done_at: '2026-01-05T00:00:00Z',
    });
    expect(open).toMatchObject({ title: 'Open thing', done: false, done_at: '0001-01-01T00:00:00Z' });

    // Beside a done column, an empty done cell leaves it to the date; a "no" keeps the task open.
    const withDone = ['Title,Done,Completed', 'Empty cell,,2026-01-05', 'Said no,no,2026-01-05'].join('\n');
    const status = await importFile(user.token, withDone, {
      project_title: 'With done',
      mapping: mappingOf(['title', 'done', 'done_at']),
    });
    expect(status.state, JSON.stringify(status.error)).toBe('done');
    const other = (await projectsOf(user.token)).find((p) => p.title === 'With done');
    const [empty, no] = await tasksOf(other?.id as number, user.token);
    expect(empty).toMatchObject({ title: 'Empty cell', done: true, done_at: '2026-01-05T00:00:00Z' });
    expect(no).toMatchObject({ title: 'Said no', done: false });
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
      mapping: mappingOf(['title', 'bucket']),
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
        { date_format: '2006-01-02' },
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
      const config = await suggestedConfig(user.token, fixture(name), { project_title: 'Never', ...options });
      const res = await startImport(user.token, fixture(name), config);
      expect([name, res.statusCode, res.json().code, res.json().message]).toEqual([
        name,
        400,
        30090,
        message,
      ]);
    }
    // Every bad cell is listed, not only the first.
    const dates = await startImport(user.token, fixture('broken-date.csv'), {
      mapping: mappingOf(['title', 'description', 'due_date']),
      project_title: 'Never',
    });
    expect(dates.json().errors).toEqual([
      { line: 5, column: 'Due date', message: '"2026-02-30" is not a date of the form YYYY-MM-DD' },
      { line: 6, column: 'Due date', message: '"not a date" is not a date of the form YYYY-MM-DD' },
    ]);
    for (const name of ['broken-quote.csv', 'broken-not-utf8.csv', 'header-only.csv']) {
      const res = await startImport(user.token, fixture(name), {
        mapping: mappingOf(['title']),
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

  it('refuses a configuration it cannot use and projects the user may not write to', async () => {
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
    const mapping = mappingOf(nine);
    const bad: [unknown, string][] = [
      [
        { mapping: [...mapping, { column_index: 9, column_name: 'x', attribute: 'project' }] },
        '"column_index" 9 is not a column of the file, which has 9',
      ],
      [{ mapping: [...mapping, { column_index: 8, attribute: 'project' }] }, 'column 8 is mapped twice'],
      [
        { mapping: mappingOf(nine.map((c) => (c === 'title' ? 'ignore' : c))) },
        'no column is mapped to the title',
      ],
      [
        { mapping: mappingOf(nine.map((c) => (c === 'labels' ? 'title' : c))) },
        '"title" is mapped to more than one column',
      ],
      [
        { mapping: mappingOf(nine.map((c) => (c === 'ignore' ? 'owner' : c))) },
        '"owner" is not a task field',
      ],
      [{ mapping, delimiter: ':' }, '"delimiter" must be one of "," ";" "|" or a tab'],
      [{ mapping, quote_char: '`' }, '"quote_char" must be " or \''],
      [{ mapping, skip_rows: -1 }, '"skip_rows" must be a whole number from 0'],
      [
        { mapping, date_format: 7 },
        '"date_format" must be a date layout such as "2006-01-02" or "02.01.2006"',
      ],
      [{ mapping: 'title' }, '"mapping" must list {"column_index", "attribute"} for the columns'],
      [
        { mapping: [{ column_index: -1, attribute: 'title' }] },
        '"mapping" must list {"column_index", "attribute"} for the columns',
      ],
      [{ mapping, project_id: 'x' }, '"project_id" must be a project id, or 0 for a new project'],
    ];
    for (const [config, reason] of bad) {
      for (const call of [startImport, preview]) {
        const res = await call(user.token, file, config);
        expect([res.statusCode, res.json().code, res.json().message]).toEqual([
          400,
          30091,
          `The column mapping cannot be used: ${reason}.`,
        ]);
      }
    }
    const notJson = await upload('PUT', 'migrate', user.token, file, { config: '{nope' });
    expect([notJson.statusCode, notJson.json().code]).toEqual([400, 30091]);
    for (const fields of [{}, { config: '' }, { options: JSON.stringify({ columns: nine }) }]) {
      const missing = await upload('PUT', 'migrate', user.token, file, fields);
      expect([missing.statusCode, missing.json().code]).toEqual([400, 14004]);
    }

    const theirs = (
      await t.request('PUT', '/api/v1/projects', { token: other.token, body: { title: 'Theirs' } })
    ).json();
    const forbidden = await startImport(user.token, file, { mapping, project_id: theirs.id });
    expect(forbidden.statusCode).toBe(403);
    await t.request('PUT', `/api/v1/projects/${theirs.id}/users`, {
      token: other.token,
      body: { username: 'csvmapping', right: 0 },
    });
    const readOnly = await startImport(user.token, file, { mapping, project_id: theirs.id });
    expect(readOnly.statusCode).toBe(403);
    const missing = await startImport(user.token, file, { mapping, project_id: 999999 });
    expect([missing.statusCode, missing.json().code]).toEqual([404, 3001]);
    expect(await tasksOf(theirs.id, other.token)).toEqual([]);
    expect((await counts(user.id)).runs).toBe(0);
  });

  it('refuses the whole file when a row names a child project the user may only read', async () => {
    // Write on the parent, an explicit read-only share on one child: the nearest grant wins.
    const owner = await t.signUp('csvchildowner');
    const importer = await t.signUp('csvchildreader');
    const create = async (title: string, parent = 0) => {
      const res = await t.request('PUT', '/api/v1/projects', {
        token: owner.token,
        body: { title, parent_project_id: parent },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const share = async (projectId: number, right: number) => {
      const res = await t.request('PUT', `/api/v1/projects/${projectId}/users`, {
        token: owner.token,
        body: { username: 'csvchildreader', right },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const parent = await create('Shared parent');
    const readOnly = await create('Readonly Child', parent);
    const writable = await create('Writable Child', parent);
    await share(parent, 1);
    await share(readOnly, 0);
    await t.request('PUT', `/api/v1/projects/${readOnly}/tasks`, {
      token: owner.token,
      body: { title: 'Existing' },
    });
    const direct = await t.request('PUT', `/api/v1/projects/${readOnly}/tasks`, {
      token: importer.token,
      body: { title: 'Direct' },
    });
    expect(direct.statusCode).toBe(403);

    const snapshot = async () => ({
      projects: (await projectsOf(owner.token)).map((p) => p.id).sort(),
      tasks: await Promise.all([parent, readOnly, writable].map((id) => tasksOf(id, owner.token))),
      buckets: await Promise.all([parent, readOnly, writable].map((id) => bucketsOf(id, owner.token))),
      mine: await counts(importer.id),
    });
    const before = await snapshot();
    const mapping = mappingOf(['title', 'project', 'bucket']);
    // The read-only child is named after rows for the parent and the writable child, in other case.
    const file =
      'Title,Project,Bucket\nFor the parent,,Later\nFor the writable,Writable Child,Next\nInjected,readonly child,Sneaked in\n';
    const res = await startImport(importer.token, file, { mapping, project_id: parent });
    expect([res.statusCode, res.json()]).toEqual([
      403,
      {
        code: 0,
        message:
          'Line 4 puts tasks into the project "Readonly Child", which you may only read. Nothing was imported.',
        line: 4,
        project_id: readOnly,
        project_title: 'Readonly Child',
      },
    ]);
    expect(await snapshot()).toEqual(before);
    expect((await get('/migration/csv/status', importer.token)).state).toBe('none');

    // Without that row the same import goes into the parent and the writable child.
    const allowed = await startImport(importer.token, file.split('\n').slice(0, 3).join('\n'), {
      mapping,
      project_id: parent,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await finished(importer.token)).state).toBe('done');
    expect((await tasksOf(writable, owner.token)).map((task) => task.title)).toEqual(['For the writable']);
    expect((await tasksOf(readOnly, owner.token)).map((task) => task.title)).toEqual(['Existing']);
  });
});

/**
 * Vikunja's web frontend (views/migrate/MigrationCSV.vue with services/migrator/csvMigration.ts),
 * unmodified: detect through AbstractService.uploadFile (the file as a Blob in `import`), then
 * preview and migrate with a FormData of `import` first and `config` second, the config being the
 * detection's values with its suggested mapping as they came (`skip_rows` only from newer versions).
 */
describe("Vikunja's web frontend", () => {
  /** A browser's FormData: parts in the order appended, a Blob's part typed octet-stream. */
  function browserForm(file: string, config?: unknown) {
    const boundary = '----WebKitFormBoundaryvikunjacsv';
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="import"; filename="tasks.csv"\r\nContent-Type: application/octet-stream\r\n\r\n${file}\r\n`,
      ...(config === undefined
        ? []
        : [
            `--${boundary}\r\nContent-Disposition: form-data; name="config"\r\n\r\n${JSON.stringify(config)}\r\n`,
          ]),
      `--${boundary}--\r\n`,
    ];
    return { payload: Buffer.from(parts.join('')), contentType: `multipart/form-data; boundary=${boundary}` };
  }

  function put(token: string, url: string, file: string, config?: unknown) {
    const { payload, contentType } = browserForm(file, config);
    return t.app.inject({
      method: 'PUT',
      url: `/api/v1/migration/csv/${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json, text/plain, */*',
        'content-type': contentType,
      },
      payload,
    });
  }

  it('detects, previews and imports as the frontend asks, into new projects by the project column', async () => {
    const user = await t.signUp('fe-csv');
    const file =
      'Task,Notes,Due Date,Completed,Priority,Tags,Project\r\n' +
      'Buy milk,2 litres,2026-05-01,false,3,"home, shop",Errands\r\n' +
      'File taxes,,2026-05-31,true,5,finance,Paperwork\r\n' +
      'Call mum,,,no,,,\r\n';

    const detected = await put(user.token, 'detect', file);
    expect(detected.statusCode, detected.body).toBe(200);
    const detection = detected.json();
    // Every key of DetectionResult, with its type.
    expect(detection).toMatchObject({
      columns: ['Task', 'Notes', 'Due Date', 'Completed', 'Priority', 'Tags', 'Project'],
      delimiter: ',',
      quote_char: '"',
      date_format: '2006-01-02',
      preview_rows: [
        ['Buy milk', '2 litres', '2026-05-01', 'false', '3', 'home, shop', 'Errands'],
        ['File taxes', '', '2026-05-31', 'true', '5', 'finance', 'Paperwork'],
        ['Call mum', '', '', 'no', '', '', ''],
      ],
    });
    expect(detection.suggested_mapping).toEqual([
      { column_index: 0, column_name: 'Task', attribute: 'title' },
      { column_index: 1, column_name: 'Notes', attribute: 'description' },
      { column_index: 2, column_name: 'Due Date', attribute: 'due_date' },
      { column_index: 3, column_name: 'Completed', attribute: 'done' },
      { column_index: 4, column_name: 'Priority', attribute: 'priority' },
      { column_index: 5, column_name: 'Tags', attribute: 'labels' },
      { column_index: 6, column_name: 'Project', attribute: 'project' },
    ]);

    // handleFileUpload: config from the detection, then updatePreview.
    const config = {
      delimiter: detection.delimiter,
      quote_char: detection.quote_char,
      date_format: detection.date_format,
      mapping: detection.suggested_mapping,
    };
    const previewed = await put(user.token, 'preview', file, config);
    expect(previewed.statusCode, previewed.body).toBe(200);
    const previewBody = previewed.json();
    expect(previewBody.total_rows).toBe(3);
    expect(previewBody.error_count).toBe(0);
    expect(previewBody.tasks).toEqual([
      {
        title: 'Buy milk',
        description: '2 litres',
        due_date: '2026-05-01T00:00:00Z',
        done: false,
        priority: 3,
        labels: ['home', 'shop'],
        project: 'Errands',
      },
      {
        title: 'File taxes',
        description: '',
        due_date: '2026-05-31T00:00:00Z',
        done: true,
        priority: 5,
        labels: ['finance'],
        project: 'Paperwork',
      },
      { title: 'Call mum', description: '', done: false, priority: 0 },
    ]);

    // The user picks another attribute for a column; the select's change previews again.
    const noTags = {
      ...config,
      mapping: config.mapping.map((m: { attribute: string }) =>
        m.attribute === 'labels' ? { ...m, attribute: 'ignore' } : m,
      ),
    };
    const again = (await put(user.token, 'preview', file, noTags)).json();
    expect(again.tasks[0].labels).toBeUndefined();

    // performImport (newer versions add skip_rows).
    const started = await put(user.token, 'migrate', file, { ...config, skip_rows: 0 });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().message).toBe('Migration was started successfully.');
    const status = await finished(user.token);
    expect(status).toMatchObject({ state: 'done', result: { tasks: 3 } });
    expect(status.finished_at).not.toBe('0001-01-01T00:00:00Z');

    const projects = await projectsOf(user.token);
    const target = projects.find((p) => p.title === 'Imported from CSV');
    const errands = projects.find((p) => p.title === 'Errands');
    expect(errands?.parent_project_id).toBe(target?.id);
    const [milk] = await tasksOf(errands?.id as number, user.token);
    expect(milk).toMatchObject({ title: 'Buy milk', priority: 3, due_date: '2026-05-01T00:00:00Z' });
    expect((await tasksOf(target?.id as number, user.token)).map((task) => task.title)).toEqual(['Call mum']);

    // Without a config, as an older client's plain file upload would send it.
    const bare = await put(user.token, 'migrate', file);
    expect([bare.statusCode, bare.json().code]).toEqual([400, 14004]);
  });
});
