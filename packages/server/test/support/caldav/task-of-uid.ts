/** The id of the task a CalDAV object became, by the UID the client gave it. */
import type { TestApp } from '../test-app.js';

export async function taskIdOfUid(t: TestApp, uid: string): Promise<number> {
  const row = await t.app.ordo.db.kysely
    .selectFrom('tasks')
    .select('id')
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();
  return row.id;
}
