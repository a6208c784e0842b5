/**
 * `tasks.caldav_sequence`: the SEQUENCE of the task's VTODO (RFC 5545 §3.8.7.4), a count of its
 * revisions. Every write that changes what the VTODO shows raises it by one, in the write's own
 * UPDATE; a CalDAV client's PUT sets it to the client's SEQUENCE when that is higher. Apps that
 * keep the copy with the higher SEQUENCE then take each of Ordo's changes over their own.
 *
 * Before, a task a client had PUT was served with the client's SEQUENCE, or one more once changed
 * in Ordo. Each such task starts from the SEQUENCE of its stored object (the VTODO that is no
 * RECURRENCE-ID override), so no task is served a lower one than before; tasks no client wrote,
 * and objects without a SEQUENCE, start at 0.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { idChunks } from '../id-chunks.js';

/** Stored objects read per query: their text can be long. */
const PAGE = 500;

/**
 * The SEQUENCE of an object's own VTODO, read from its unfolded lines (names in any case, with
 * parameters or without); 0 without one, or with one that is no count.
 */
function sequenceOf(ics: string): number {
  const todos = ics
    .replace(/\r?\n[ \t]/g, '')
    .split(/^BEGIN:VTODO\r?$/im)
    .slice(1)
    .map((todo) => todo.split(/^END:VTODO\r?$/im)[0] ?? '');
  const own = todos.find((todo) => !/^RECURRENCE-ID[;:]/im.test(todo)) ?? todos[0] ?? '';
  const value = /^SEQUENCE(?:;[^:\r\n]*)?:[ \t]*(\d{1,15})[ \t]*\r?$/im.exec(own)?.[1];
  // As CalDAV reads it (modules/caldav/vtodo-input.ts): at most 2,000,000,000.
  return value === undefined ? 0 : Math.min(Number(value), 2_000_000_000);
}

export function taskCaldavSequence(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tasks')
        .addColumn('caldav_sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      const mentions = dialect === 'postgres' ? sql`ics ILIKE '%SEQUENCE%'` : sql`ics LIKE '%SEQUENCE%'`;
      for (let after = 0; ; ) {
        const { rows } = await sql<{ task_id: number; ics: string }>`SELECT task_id, ics FROM caldav_objects
          WHERE task_id > ${after} AND ${mentions} ORDER BY task_id LIMIT ${PAGE}`.execute(db);
        if (rows.length === 0) break;
        after = Number(rows[rows.length - 1]?.task_id);
        const bySequence = new Map<number, number[]>();
        for (const row of rows) {
          const sequence = sequenceOf(row.ics);
          if (sequence > 0)
            bySequence.set(sequence, [...(bySequence.get(sequence) ?? []), Number(row.task_id)]);
        }
        for (const [sequence, ids] of bySequence)
          for (const part of idChunks(ids))
            await sql`UPDATE tasks SET caldav_sequence = ${sequence} WHERE id IN (${sql.join(part)})`.execute(
              db,
            );
      }
    },
  };
}
