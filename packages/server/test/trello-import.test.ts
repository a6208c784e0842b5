/**
 * Trello's board JSON export, from hand-made files in the layout Trello writes
 * (test/fixtures/imports/trello): lists as kanban buckets, cards as tasks in their order with
 * labels and colours, due dates and completion, checklists in the description, attachments as
 * links, comments; archived lists and cards kept as archived bucket and done tasks; broken files
 * refused naming the line or field, writing nothing.
 */
import { ZERO_DATE } from '@ordo/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile, importFixture, ownedRows } from './support/import-upload.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Task {
  id: number;
  title: string;
  [key: string]: unknown;
}

async function get(url: string, token: string) {
  const res = await t.request('GET', `/api/v1${url}`, { token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

describe('Trello board import', () => {
  it('makes the board a project: lists as buckets, cards as tasks with everything on them', async () => {
    const user = await t.signUp('trelloimporter');
    const res = await importFile(
      t,
      'trello-json',
      user.token,
      importFixture('trello/board.json'),
      'board.json',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await get('/migration/trello-json/status', user.token)).toMatchObject({
      state: 'done',
      result: { projects: 1, tasks: 5, labels: 3, comments: 2, attachments: 0 },
    });
    const project = (await get('/projects', user.token)).find(
      (p: { title: string }) => p.title === 'Product launch',
    );
    expect(project).toMatchObject({
      description: '<p>Everything for the spring launch</p>',
      is_archived: false,
    });

    const views = await get(`/projects/${project.id}/views`, user.token);
    const kanban = views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
    const buckets = await get(`/projects/${project.id}/views/${kanban.id}/tasks`, user.token);
    expect(
      buckets.map((b: { title: string; tasks: Task[] }) => [b.title, b.tasks.map((x) => x.title)]),
    ).toEqual([
      ['To do', ['Agree on the budget', 'Update the website']],
      ['Doing', ['Write the press release']],
      ['Done', ['Pick the logo']],
      ['Ideas (archived)', ['Start a podcast']],
    ]);

    const table = views.find((v: { view_kind: string }) => v.view_kind === 'table');
    const listed: Task[] = await get(
      `/projects/${project.id}/views/${table.id}/tasks?sort_by=position&order_by=asc&filter=done+%3D+true+%7C%7C+done+%3D+false`,
      user.token,
    );
    expect(listed.map((x) => x.title)).toEqual([
      'Agree on the budget',
      'Update the website',
      'Write the press release',
      'Pick the logo',
      'Start a podcast',
    ]);
    const task = async (title: string) =>
      get(`/tasks/${listed.find((x) => x.title === title)!.id}`, user.token);

    const press = await task('Write the press release');
    expect(press).toMatchObject({ due_date: '2026-03-02T16:00:00Z', done: false });
    expect(press.description).toBe(
      '<p>Draft first, then legal review.</p>' +
        '<p><strong>Review</strong></p><ul data-type="taskList">' +
        '<li data-type="taskItem" data-checked="true"><p>Marketing lead</p></li>' +
        '<li data-type="taskItem" data-checked="false"><p>Legal</p></li></ul>' +
        '<p><strong>Attachments</strong></p><ul>' +
        '<li><p><a href="https://trello.com/1/cards/card-press/attachments/att-1/download/draft-v1.docx">draft-v1.docx</a></p></li>' +
        '<li><p><a href="https://example.com/brand">Brand guide</a></p></li></ul>',
    );
    expect(
      press.labels.map((l: { title: string; hex_color: string }) => [l.title, l.hex_color]).sort(),
    ).toEqual([
      ['Blocker', 'f87168'],
      ['Marketing', '4bce97'],
    ]);
    const comments = await get(`/tasks/${press.id}/comments`, user.token);
    expect(comments.map((c: { comment: string }) => c.comment)).toEqual([
      '<p><em>Ada Lovelace, 2026-02-18:</em></p><p>First draft is in the attachments.</p>',
      '<p><em>Bob Baker, 2026-02-20:</em></p><p>Legal says fine.</p>',
    ]);

    const site = await task('Update the website');
    // An unnamed label takes its colour's name.
    expect(site.labels.map((l: { title: string; hex_color: string }) => [l.title, l.hex_color])).toEqual([
      ['blue', '579dff'],
    ]);
    expect(site.due_date).toBe(ZERO_DATE);
    const budget = await task('Agree on the budget');
    expect(budget).toMatchObject({
      start_date: '2026-01-20T09:00:00Z',
      due_date: '2026-02-01T09:00:00Z',
      end_date: '2026-02-01T09:00:00Z',
    });
    expect(await task('Pick the logo')).toMatchObject({ done: true });
    expect(await task('Start a podcast')).toMatchObject({ done: true });
  });

  it.each([
    ['invalid-json.json', 'the JSON is malformed at line 18, column'],
    ['wrong-type.json', 'cards[2].name must be text'],
    ['missing-lists.json', 'lists is missing or not a list'],
    ['bad-due-date.json', 'cards[0].due must be a date, not "next week"'],
  ])('refuses %s naming where it is broken, and writes nothing', async (file, reason) => {
    const user = await t.signUp(`trello${file.replace(/\W/g, '')}`);
    const before = await ownedRows(t, user.id);
    const res = await importFile(t, 'trello-json', user.token, importFixture(`trello/${file}`), file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 30059 });
    expect(res.json().message).toContain(reason);
    expect(await ownedRows(t, user.id)).toEqual(before);
    expect((await get('/migration/trello-json/status', user.token)).state).toBe('none');
  });

  it('refuses JSON that is no Trello board', async () => {
    const user = await t.signUp('trelloother');
    const res = await importFile(
      t,
      'trello-json',
      user.token,
      '[{"title":"a Vikunja project"}]',
      'data.json',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('this is not a Trello board export');
  });
});
