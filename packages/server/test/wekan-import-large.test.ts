/**
 * A large WeKan board (over ORDO_IMPORT_WORKER_FROM, so read and written in the import worker
 * thread, as the built server does): everything arrives, the same file a second time is refused
 * with 409, a board over an import limit is refused naming it and writes nothing, and a date Ordo
 * cannot store is refused at the upload, naming its field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportThread } from '../src/modules/migration/worker/host.js';
import { importFile, ownedRows } from './support/import-upload.js';
import { useImportWorkerBundle } from './support/import-worker-bundle.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let removeBundle: () => void;
beforeAll(async () => {
  removeBundle = await useImportWorkerBundle();
  t = await createTestApp({ ORDO_IMPORT_MAX_COMMENTS: '2500', ORDO_IMPORT_MAX_ATTACHMENTS: '50' });
});
afterAll(async () => {
  await t.close();
  removeBundle();
});

/** A board of `cards` cards over three lists, each with a comment by Ada and a two-item checklist. */
function board(cards: number, extra: { commentsPerCard?: number; attachments?: number } = {}): Buffer {
  const per = extra.commentsPerCard ?? 1;
  return Buffer.from(
    JSON.stringify({
      title: `Big board ${cards}×${per}`,
      lists: ['Todo', 'Doing', 'Done'].map((title, i) => ({ _id: `l${i}`, title, sort: i })),
      labels: [{ _id: 'red', name: 'Hot', color: 'red' }],
      users: [{ _id: 'ada', username: 'ada', profile: { fullname: 'Ada Lovelace' } }],
      cards: Array.from({ length: cards }, (_, i) => ({
        _id: `c${i}`,
        title: `Card ${i}`,
        description: `Some **text** for card ${i}, long enough to make the board large.`,
        listId: `l${i % 3}`,
        sort: i,
        labelIds: i % 2 ? ['red'] : [],
        createdAt: { $date: '2025-03-01T10:00:00.000Z' },
      })),
      comments: Array.from({ length: cards * per }, (_, i) => ({
        cardId: `c${i % cards}`,
        text: `Comment ${i}`,
        userId: 'ada',
        createdAt: '2025-03-02T11:00:00.000Z',
      })),
      checklists: Array.from({ length: cards }, (_, i) => ({
        _id: `k${i}`,
        cardId: `c${i}`,
        title: 'Steps',
      })),
      checklistItems: Array.from({ length: cards * 2 }, (_, i) => ({
        checklistId: `k${i >> 1}`,
        title: `Step ${i}`,
        sort: i,
        isFinished: i % 2 === 0,
      })),
      attachments: Array.from({ length: extra.attachments ?? 1 }, (_, i) => ({
        cardId: `c${i}`,
        name: `note-${i}.txt`,
        type: 'text/plain',
        file: Buffer.from(`attached to card ${i}`).toString('base64'),
      })),
    }),
  );
}

async function get(url: string, token: string) {
  const res = await t.request('GET', `/api/v1${url}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a large WeKan board', () => {
  it('is read and written in the worker thread, and refused the second time', {
    timeout: 300_000,
  }, async () => {
    const user = await t.signUp('wekanbig');
    const file = board(2000);
    expect(file.length).toBeGreaterThan(256 * 1024);
    const before = ImportThread.started;
    const res = await importFile(t, 'wekan', user.token, file, 'big.json');
    expect(res.statusCode, res.body).toBe(200);
    expect(ImportThread.started - before).toBe(1);
    expect(await get('/migration/wekan/status', user.token)).toMatchObject({
      state: 'done',
      result: { projects: 1, tasks: 2000, labels: 1, comments: 2000, attachments: 1 },
    });
    const project = (await get('/projects', user.token)).find(
      (p: { title: string }) => p.title === 'Big board 2000×1',
    );
    const tasks = await get(`/projects/${project.id}/tasks?per_page=50&s=Card 1999`, user.token);
    const last = await get(
      `/tasks/${tasks.find((x: { title: string }) => x.title === 'Card 1999').id}`,
      user.token,
    );
    expect(last).toMatchObject({ created: '2025-03-01T10:00:00Z', done: false });
    expect(last.description).toContain('<li data-type="taskItem" data-checked="true"><p>Step 3998</p></li>');
    expect(last.labels.map((l: { title: string }) => l.title)).toEqual(['Hot']);
    const comments = await get(`/tasks/${last.id}/comments`, user.token);
    expect(comments.map((c: { comment: string; created: string }) => [c.comment, c.created])).toEqual([
      ['<p><em>Ada Lovelace, 2025-03-02:</em></p><p>Comment 1999</p>', '2025-03-02T11:00:00Z'],
    ]);

    const again = await importFile(t, 'wekan', user.token, file, 'big-again.json');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe(30058);
  });

  it('refuses a board over the comment or attachment limit, naming it, and writes nothing', {
    timeout: 120_000,
  }, async () => {
    const user = await t.signUp('wekanoverlimit');
    const before = await ownedRows(t, user.id);
    const comments = await importFile(t, 'wekan', user.token, board(1000, { commentsPerCard: 3 }), 'c.json');
    expect(comments.statusCode, comments.body).toBe(400);
    expect(comments.json()).toMatchObject({ code: 30050, limit: 'ORDO_IMPORT_MAX_COMMENTS', count: 3000 });
    const files = await importFile(t, 'wekan', user.token, board(1000, { attachments: 51 }), 'a.json');
    expect(files.statusCode, files.body).toBe(400);
    expect(files.json()).toMatchObject({ code: 30050, limit: 'ORDO_IMPORT_MAX_ATTACHMENTS', count: 51 });
    expect(await ownedRows(t, user.id)).toEqual(before);
  });

  it('refuses a date past the year 9999 at the upload, naming the field', async () => {
    const user = await t.signUp('wekanfardate');
    const file = JSON.parse(board(3).toString());
    file.comments[1].createdAt = { $date: 8.64e15 };
    const res = await importFile(t, 'wekan', user.token, JSON.stringify(file), 'far.json');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain('comments[1].createdAt must be a date');
    expect((await get('/migration/wekan/status', user.token)).state).toBe('none');
  });
});
