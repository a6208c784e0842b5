/**
 * Uploading an import file as the web app does (multipart field `import`, with the file's name)
 * and waiting for the background job to end; reading the hand-made export files kept under
 * test/fixtures/imports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importEnded } from './import-status.js';
import { multipart } from './multipart.js';
import type { TestApp } from './test-app.js';

export function importFixture(path: string): Buffer {
  return readFileSync(join(import.meta.dirname, '..', 'fixtures', 'imports', path));
}

/** Uploads a file; when the upload is taken, waits until its job ended. Answers the upload's response. */
export async function importFile(
  t: TestApp,
  name: string,
  token: string,
  data: Buffer | string,
  fileName: string,
) {
  const { body, contentType } = multipart([
    { name: fileName, type: 'application/octet-stream', data, field: 'import' },
  ]);
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/migration/${name}/migrate`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
  if (res.statusCode === 200) await importEnded(t, name, token);
  return res;
}

/** Rows the user owns: projects, tasks, labels and migration runs. */
export async function ownedRows(t: TestApp, userId: number) {
  const db = t.app.ordo.db.kysely;
  const n = async (q: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
    Number((await q.executeTakeFirstOrThrow()).n);
  return {
    projects: await n(
      db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('owner_id', '=', userId),
    ),
    tasks: await n(
      db
        .selectFrom('tasks')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('created_by_id', '=', userId),
    ),
    labels: await n(
      db
        .selectFrom('labels')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('created_by_id', '=', userId),
    ),
    comments: await n(
      db
        .selectFrom('task_comments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('author_id', '=', userId),
    ),
  };
}
