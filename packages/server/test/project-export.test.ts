/**
 * Exporting a project as a file: iCalendar (one VCALENDAR, every task a VTODO, subtasks linked by
 * RELATED-TO) and CSV (the generic CSV import's columns, formula cells defused). A CSV export
 * imported again brings back the same tasks. Read access is needed; link shares reach only their
 * own project.
 */
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function ok(method: 'GET' | 'PUT' | 'POST', url: string, token: string, body?: unknown) {
  const res = await t.request(method, `/api/v1${url}`, { token, body });
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

function exportOf(projectId: number, format: string, token: string) {
  return t.request('GET', `/api/v1/projects/${projectId}/export?format=${format}`, { token });
}

/** A CSV file as rows of cells (RFC 4180), for checking what a spreadsheet would show. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

interface Task {
  id: number;
  title: string;
  description: string;
  done: boolean;
  due_date: string;
  start_date: string;
  end_date: string;
  priority: number;
  percent_done: number;
  labels: { title: string }[] | null;
}

/** A project with tasks of every kind of value, a subtask and labels. */
async function sampleProject(token: string, title: string) {
  const project = await ok('PUT', '/projects', token, { title });
  const parent: Task = await ok('PUT', `/projects/${project.id}/tasks`, token, {
    title: 'Plan the trip',
    description: '<p>Where to, first.</p><p>Then: "when", and who.</p>',
    due_date: '2026-07-01T10:00:00Z',
    start_date: '2026-06-01T08:00:00Z',
    end_date: '2026-06-30T18:00:00Z',
    priority: 4,
    percent_done: 0.25,
  });
  const child: Task = await ok('PUT', `/projects/${project.id}/tasks`, token, {
    title: '=cmd|calc!A1',
    done: true,
    priority: 1,
  });
  const plain: Task = await ok('PUT', `/projects/${project.id}/tasks`, token, { title: 'Pack, light' });
  await ok('PUT', `/tasks/${parent.id}/relations`, token, {
    other_task_id: child.id,
    relation_kind: 'subtask',
  });
  for (const labelTitle of ['travel', '+urgent']) {
    const label = await ok('PUT', '/labels', token, { title: labelTitle });
    await ok('PUT', `/tasks/${parent.id}/labels`, token, { label_id: label.id });
  }
  return { project, parent, child, plain };
}

describe('project export as iCalendar', () => {
  it('answers one VCALENDAR with every task as a VTODO and subtasks as RELATED-TO', async () => {
    const { token } = await t.signUp('icsexporter');
    const { project, parent, child } = await sampleProject(token, 'Reise: Sommer/2026');
    const res = await exportOf(project.id, 'ics', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Reise Sommer 2026.ics"; filename*=UTF-8''Reise%20Sommer%202026.ics`,
    );
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.name).toBe('vcalendar');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Reise: Sommer/2026');
    const todos = calendar.getAllSubcomponents('vtodo');
    expect(todos.map((todo) => todo.getFirstPropertyValue('summary'))).toEqual([
      'Plan the trip',
      '=cmd|calc!A1',
      'Pack, light',
    ]);
    const uid = async (id: number) =>
      (
        await t.app.ordo.db.kysely
          .selectFrom('tasks')
          .select('uid')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).uid;
    const [plan, sub] = todos as [ICAL.Component, ICAL.Component];
    expect(plan.getFirstPropertyValue('uid')).toBe(await uid(parent.id));
    expect(plan.getFirstPropertyValue('due')?.toString()).toBe('2026-07-01T10:00:00Z');
    expect(plan.getFirstPropertyValue('categories')).toBeDefined();
    expect(plan.getFirstProperty('categories')?.getValues()).toEqual(['+urgent', 'travel']);
    const childLink = plan.getFirstProperty('related-to');
    expect([childLink?.getFirstValue(), childLink?.getParameter('reltype')]).toEqual([
      await uid(child.id),
      'CHILD',
    ]);
    const parentLink = sub.getFirstProperty('related-to');
    expect([parentLink?.getFirstValue(), parentLink?.getParameter('reltype')]).toEqual([
      await uid(parent.id),
      'PARENT',
    ]);
    expect(sub.getFirstPropertyValue('status')).toBe('COMPLETED');
  });

  it('streams a project larger than a page whole', async () => {
    const { token } = await t.signUp('icslarge');
    const project = await ok('PUT', '/projects', token, { title: 'Large' });
    const db = t.app.ordo.db.kysely;
    const creator = (await ok('GET', '/user', token)).id;
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const rows = Array.from({ length: 1234 }, (_, i) => ({
      title: `Task ${i}`,
      description: '',
      project_id: project.id,
      index: i + 1,
      uid: `large-${i}`,
      created_by_id: creator,
      created: now,
      updated: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('tasks')
        .values(rows.slice(i, i + 200))
        .execute();
    const ics = await exportOf(project.id, 'ics', token);
    expect(ics.statusCode).toBe(200);
    const uids = new ICAL.Component(ICAL.parse(ics.body))
      .getAllSubcomponents('vtodo')
      .map((todo) => todo.getFirstPropertyValue('uid'));
    expect(uids).toEqual(rows.map((r) => r.uid));
    const csv = parseCsv((await exportOf(project.id, 'csv', token)).body);
    expect(csv.length).toBe(1 + 1234);
  });
});

describe('project export as CSV', () => {
  it("writes the import's header names, quotes where needed and defuses formula cells", async () => {
    const { token } = await t.signUp('csvexporter');
    const { project } = await sampleProject(token, 'Trip');
    const res = await exportOf(project.id, 'csv', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Trip.csv"; filename*=UTF-8''Trip.csv`,
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(res.body.slice(1));
    expect(header).toEqual([
      'Title',
      'Description',
      'Done',
      'Done at',
      'Due date',
      'Start date',
      'End date',
      'Priority',
      'Percent done',
      'Labels',
      'Bucket',
    ]);
    expect(rows[0]).toEqual([
      'Plan the trip',
      'Where to, first.\nThen: "when", and who.',
      'no',
      '',
      '2026-07-01T10:00:00Z',
      '2026-06-01T08:00:00Z',
      '2026-06-30T18:00:00Z',
      '4',
      '25',
      "'+urgent, travel",
      'To-Do',
    ]);
    expect(rows[1]?.[0]).toBe("'=cmd|calc!A1");
    expect(rows[1]?.slice(2, 4)).toEqual([
      'yes',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    ]);
    expect(rows[1]?.[10]).toBe('Done');
    expect(rows[2]?.[0]).toBe('Pack, light');
  });

  it('imports again as it was: titles, descriptions, dates, priority, done, labels, buckets', async () => {
    const { token } = await t.signUp('csvroundtrip');
    const { project } = await sampleProject(token, 'Original');
    const file = (await exportOf(project.id, 'csv', token)).rawPayload;

    const { body, contentType } = (() => {
      const boundary = '----roundtrip';
      return {
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: (fields: Record<string, string>) =>
          Buffer.concat([
            ...Object.entries(fields).map(([name, value]) =>
              Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
              ),
            ),
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="import"; filename="Original.csv"\r\nContent-Type: text/csv\r\n\r\n`,
            ),
            file,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
      };
    })();
    const headers = { authorization: `Bearer ${token}`, 'content-type': contentType };
    const detect = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/migration/csv/detect',
      headers,
      payload: body({}),
    });
    expect(detect.statusCode, detect.body).toBe(200);
    const detected = detect.json();
    expect(detected.suggested_mapping.map((m: { attribute: string }) => m.attribute)).toEqual([
      'title',
      'description',
      'done',
      'done_at',
      'due_date',
      'start_date',
      'end_date',
      'priority',
      'percent_done',
      'labels',
      'bucket',
    ]);
    const started = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/migration/csv/migrate',
      headers,
      payload: body({
        config: JSON.stringify({
          delimiter: detected.delimiter,
          quote_char: detected.quote_char,
          date_format: detected.date_format,
          skip_rows: 0,
          mapping: detected.suggested_mapping,
          project_title: 'Copy',
        }),
      }),
    });
    expect(started.statusCode, started.body).toBe(200);
    await t.app.ordo.migration.idle();
    expect((await ok('GET', '/migration/csv/status', token)).state).toBe('done');

    const copy = (await ok('GET', '/projects', token)).find((p: { title: string }) => p.title === 'Copy');
    const shape = (tasks: Task[]) =>
      tasks.map((task) => ({
        title: task.title,
        description: task.description,
        done: task.done,
        due_date: task.due_date,
        start_date: task.start_date,
        end_date: task.end_date,
        priority: task.priority,
        percent_done: task.percent_done,
        labels: (task.labels ?? []).map((l) => l.title).sort(),
      }));
    const original: Task[] = await ok('GET', `/projects/${project.id}/tasks?sort_by=id`, token);
    const imported: Task[] = await ok('GET', `/projects/${copy.id}/tasks?sort_by=id`, token);
    expect(shape(imported)).toEqual(shape(original));
    // Exported again, the copy is the same file as the original.
    const again = (await exportOf(copy.id, 'csv', token)).body;
    expect(again).toBe((await exportOf(project.id, 'csv', token)).body);
  });
});

describe('project export rights', () => {
  it('needs read access; a link share reaches its own project only; bad formats are refused', async () => {
    const owner = await t.signUp('exportowner');
    const stranger = await t.signUp('exportstranger');
    const { project } = await sampleProject(owner.token, 'Private');
    const other = await ok('PUT', '/projects', owner.token, { title: 'Other' });

    expect((await exportOf(project.id, 'ics', stranger.token)).statusCode).toBe(403);
    expect((await exportOf(project.id, 'csv', stranger.token)).statusCode).toBe(403);
    const missing = await exportOf(999999, 'csv', owner.token);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 3001]);
    const pdf = await exportOf(project.id, 'pdf', owner.token);
    expect([pdf.statusCode, pdf.json().code, pdf.json().invalid_fields]).toEqual([
      412,
      2002,
      ['format: must be equal to one of the allowed values'],
    ]);
    expect((await t.request('GET', `/api/v1/projects/${project.id}/export`)).statusCode).toBe(401);

    await ok('PUT', `/projects/${project.id}/users`, owner.token, { username: 'exportstranger', right: 0 });
    expect((await exportOf(project.id, 'csv', stranger.token)).statusCode).toBe(200);

    const share = await ok('PUT', `/projects/${project.id}/shares`, owner.token, { right: 0 });
    const shareToken = (await t.request('POST', `/api/v1/shares/${share.hash}/auth`, { body: {} })).json()
      .token;
    const shared = await exportOf(project.id, 'ics', shareToken);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(new ICAL.Component(ICAL.parse(shared.body)).getAllSubcomponents('vtodo')).toHaveLength(3);
    expect((await exportOf(other.id, 'ics', shareToken)).statusCode).toBe(403);
  });
});
