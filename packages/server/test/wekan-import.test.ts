/**
 * WeKan's board JSON export, from hand-made files in the layout WeKan's exporter writes
 * (test/fixtures/imports/wekan): lists as kanban buckets with their WIP limits, cards as tasks in
 * their order with labels, colours and dates, Markdown as HTML, checklists in the description,
 * attachments with their bytes, comments with their authors and dates, subtask cards as subtasks;
 * archived lists and cards kept; broken files refused naming the line or field, writing nothing.
 */
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

describe('WeKan board import', () => {
  it('makes the board a project: lists as buckets, cards as tasks with everything on them', async () => {
    const user = await t.signUp('wekanimporter');
    expect((await get('/info', user.token)).available_migrators).toContain('wekan');
    const res = await importFile(t, 'wekan', user.token, importFixture('wekan/board.json'), 'board.json');
    expect(res.statusCode, res.body).toBe(200);
    expect(await get('/migration/wekan/status', user.token)).toMatchObject({
      state: 'done',
      result: { projects: 1, tasks: 6, labels: 2, comments: 2, attachments: 1 },
    });
    const project = (await get('/projects', user.token)).find(
      (p: { title: string }) => p.title === 'Garden club',
    );
    expect(project).toMatchObject({
      description: '<p>Plans for <strong>spring</strong></p>',
      is_archived: false,
    });

    const views = await get(`/projects/${project.id}/views`, user.token);
    const kanban = views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
    const buckets = await get(`/projects/${project.id}/views/${kanban.id}/tasks`, user.token);
    expect(
      buckets.map((b: { title: string; limit: number; tasks: Task[] }) => [
        b.title,
        b.limit,
        b.tasks.map((x) => x.title),
      ]),
    ).toEqual([
      ['Backlog', 0, ['Fix the fence', 'Order seeds', 'Paint the old sign']],
      ['In progress', 2, ['Plant tomatoes', 'Water the tomatoes']],
      ['Done', 0, []],
      ['Old ideas (archived)', 0, ['Dig a pond']],
    ]);

    const table = views.find((v: { view_kind: string }) => v.view_kind === 'table');
    const listed: Task[] = await get(
      `/projects/${project.id}/views/${table.id}/tasks?filter=done+%3D+true+%7C%7C+done+%3D+false`,
      user.token,
    );
    const task = async (title: string) =>
      get(`/tasks/${listed.find((x) => x.title === title)!.id}`, user.token);

    const seeds = await task('Order seeds');
    expect(seeds).toMatchObject({
      description: '<p>Buy from <em>Thompson</em><br>and compare prices</p>',
      start_date: '2026-02-01T09:00:00Z',
      due_date: '2026-02-10T17:00:00Z',
      end_date: '2026-02-12T17:00:00Z',
      hex_color: 'ffd700',
      created: '2026-01-10T08:00:00Z',
      done: false,
    });
    expect(seeds.labels.map((l: { title: string; hex_color: string }) => [l.title, l.hex_color])).toEqual([
      ['Urgent', 'eb4646'],
    ]);
    // An unnamed label takes its colour's name.
    const fence = await task('Fix the fence');
    expect(fence.labels.map((l: { title: string; hex_color: string }) => [l.title, l.hex_color])).toEqual([
      ['sky', '00c2e0'],
    ]);
    expect(await task('Paint the old sign')).toMatchObject({ done: true });
    expect(await task('Dig a pond')).toMatchObject({ done: false });

    const plant = await task('Plant tomatoes');
    expect(plant.due_date).toBe('2026-04-15T10:00:00Z');
    expect(plant.description).toBe(
      '<p><strong>Steps</strong></p><ul data-type="taskList">' +
        '<li data-type="taskItem" data-checked="true"><p>Buy stakes</p></li>' +
        '<li data-type="taskItem" data-checked="false"><p>Dig <strong>holes</strong></p></li></ul>',
    );
    const water = await task('Water the tomatoes');
    expect(plant.related_tasks.subtask.map((x: Task) => x.id)).toEqual([water.id]);
    expect(water.related_tasks.parenttask.map((x: Task) => x.id)).toEqual([plant.id]);

    const comments = await get(`/tasks/${plant.id}/comments`, user.token);
    expect(comments.map((c: { comment: string; created: string }) => [c.comment, c.created])).toEqual([
      ['<p><em>bob, 2026-02-01:</em></p><p>Use <em>compost</em> first</p>', '2026-02-01T09:30:00Z'],
      ['<p><em>Ada Lovelace, 2026-02-03:</em></p><p>Seeds arrived!</p>', '2026-02-03T10:00:00Z'],
    ]);

    expect(plant.attachments).toHaveLength(1);
    const attachment = plant.attachments[0];
    expect(attachment.file).toMatchObject({ name: 'plan.txt' });
    const download = await t.request('GET', `/api/v1/tasks/${plant.id}/attachments/${attachment.id}`, {
      token: user.token,
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('Row 1: tomatoes\nRow 2: beans\n');
  });

  it.each([
    ['invalid-json.json', 'the JSON is malformed at line 11, column'],
    ['wrong-type.json', 'cards[2].labelIds must be a list of ids'],
    ['missing-lists.json', 'this is not a WeKan board export'],
    ['bad-due-date.json', 'cards[1].dueAt must be a date, not "next week"'],
  ])('refuses %s naming where it is broken, and writes nothing', async (file, reason) => {
    const user = await t.signUp(`wekan${file.replace(/\W/g, '')}`);
    const before = await ownedRows(t, user.id);
    const res = await importFile(t, 'wekan', user.token, importFixture(`wekan/${file}`), file);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 30059 });
    expect(res.json().message).toContain(reason);
    expect(await ownedRows(t, user.id)).toEqual(before);
    expect((await get('/migration/wekan/status', user.token)).state).toBe('none');
  });

  it('imports a board once, and a board differing only in an attachment’s contents as another', async () => {
    const user = await t.signUp('wekanagain');
    const board = importFixture('wekan/board.json');
    expect((await importFile(t, 'wekan', user.token, board, 'board.json')).statusCode).toBe(200);
    const again = await importFile(t, 'wekan', user.token, board, 'board.json');
    expect(again.statusCode).toBe(409);
    const otherBytes = Buffer.from(
      board
        .toString('utf8')
        .replace(
          'Um93IDE6IHRvbWF0b2VzClJvdyAyOiBiZWFucwo=',
          Buffer.from('Row 1: peppers\n').toString('base64'),
        ),
    );
    expect(otherBytes.equals(board)).toBe(false);
    const res = await importFile(t, 'wekan', user.token, otherBytes, 'board.json');
    expect(res.statusCode, res.body).toBe(200);
    const gardens = (await get('/projects', user.token)).filter(
      (p: { title: string }) => p.title === 'Garden club',
    );
    expect(gardens).toHaveLength(2);
  });

  it('refuses an empty file as empty', async () => {
    const user = await t.signUp('wekanempty');
    const res = await importFile(t, 'wekan', user.token, '  ', 'board.json');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(14002);
  });
});
