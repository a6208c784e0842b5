/**
 * PostgreSQL: a word an import's batch brings into the search vocabulary is committed before the
 * batch (TaskWriter), so someone saving a task with that word while the batch's transaction is
 * still open is answered at once instead of waiting on the word's row until the batch commits.
 * (SQLite has one writer: a save waits for the batch whatever the words, by design.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/modules/attachments/files/store.js';
import { emptyTask } from '../src/modules/migration/plan.js';
import { TaskWriter } from '../src/modules/migration/task-writer.js';
import { createTestApp, type TestApp, testDialect } from './support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const postgresIt = testDialect === 'postgres' ? it : () => {};

/** A task writer as an import makes one: PostgreSQL writes the vocabulary beside the batch. */
function importWriter(userId: number): TaskWriter {
  const db = t.app.ordo.db;
  return new TaskWriter(userId, db.dialect === 'postgres' ? db.kysely : null, createFileStore(t.config));
}

async function findByWord(token: string, word: string): Promise<string[]> {
  const found = (await t.request('GET', `/api/v1/tasks/all?s=${word}`, { token })).json() as {
    title: string;
  }[];
  return found.map((x) => x.title);
}

describe('an import batch', () => {
  it('writes tasks found by their new words once it commits', async () => {
    const importer = await t.signUp('vocabfinder');
    const target = (
      await t.request('PUT', '/api/v1/projects', { token: importer.token, body: { title: 'Imported' } })
    ).json();
    const word = `blimtrosk${Date.now()}`;
    await t.app.ordo.db.kysely.transaction().execute((trx) =>
      importWriter(importer.id).writeSlice(trx, target.id, [
        { task: emptyTask('1', `Wind the ${word}`), index: 1, position: 1, bucketId: 0 },
        { task: emptyTask('2', 'Nothing new here'), index: 2, position: 2, bucketId: 0 },
      ]),
    );
    expect(await findByWord(importer.token, word)).toEqual([`Wind the ${word}`]);
  });

  postgresIt('does not hold up a task saved meanwhile with a word the batch added', async () => {
    const importer = await t.signUp('vocabimporter');
    const other = await t.signUp('vocabwriter');
    const target = (
      await t.request('PUT', '/api/v1/projects', { token: importer.token, body: { title: 'Imported' } })
    ).json();
    const mine = (
      await t.request('PUT', '/api/v1/projects', { token: other.token, body: { title: 'Mine' } })
    ).json();
    const db = t.app.ordo.db;
    const writer = importWriter(importer.id);
    const word = `quorflax${Date.now()}`;

    let saved: { status: number; ms: number } | 'waiting' = 'waiting';
    let save: Promise<{ status: number; ms: number }> | undefined;
    await db.kysely.transaction().execute(async (trx) => {
      await writer.writeSlice(trx, target.id, [
        { task: emptyTask('1', `Order the ${word}`), index: 1, position: 1, bucketId: 0 },
      ]);
      // The batch is still open: the other user saves a task with the same new word.
      const started = performance.now();
      save = t
        .request('PUT', `/api/v1/projects/${mine.id}/tasks`, {
          token: other.token,
          body: { title: `Return the ${word}` },
        })
        .then((res) => ({ status: res.statusCode, ms: performance.now() - started }));
      saved = await Promise.race([
        save,
        new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 5_000)),
      ]);
    });
    // Left waiting, it goes through once the batch has committed.
    await save;
    expect(saved, 'the save was still waiting for the batch after 5 s').not.toBe('waiting');
    expect(saved).toMatchObject({ status: 201 });

    // Each finds their own task by the word.
    expect(await findByWord(importer.token, word)).toEqual([`Order the ${word}`]);
    expect(await findByWord(other.token, word)).toEqual([`Return the ${word}`]);
  });
});
