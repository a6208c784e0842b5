/**
 * Migration 0065: tasks whose stored CalDAV object lists dates it repeats on (an RDATE line, in
 * any case, with or without parameters) are marked, so time-range queries keep them; a mention
 * of RDATE elsewhere in the text, or a task no client wrote, is not.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { beforeMigration } from './support/before-migration.js';

const object = (...lines: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VTODO', ...lines, 'END:VTODO', 'END:VCALENDAR', ''].join('\r\n');

describe('migration 0065 (tasks that repeat on dates they list)', () => {
  it('marks the tasks whose stored object has an RDATE', async () => {
    await beforeMigration('0064-task-unread-markers', async (db, now) => {
      const k = db.kysely;
      // Task id → its stored object (null: made in Ordo).
      const objects: [number, string | null][] = [
        [1, object('UID:a', 'DUE:20260115T090000Z', 'RDATE:20260520T090000Z')],
        [2, object('UID:b', 'DUE:20260115', 'rdate;value=date:20260520,20260909')],
        [3, object('UID:c', 'DUE:20260115T090000Z', 'DESCRIPTION:no RDATE here', 'X-RDATE-NOTE:none')],
        [4, object('UID:d', 'DUE:20260115T090000Z', 'RRULE:FREQ=WEEKLY')],
        [5, null],
      ];
      for (const [id, ics] of objects) {
        await sql`INSERT INTO tasks (id, project_id, title, "index", uid, created_by_id, created, updated)
          VALUES (${id}, 1, ${`Task ${id}`}, ${id}, ${`uid-${id}`}, 1, ${now}, ${now})`.execute(k);
        if (ics)
          await sql`INSERT INTO caldav_objects (task_id, project_id, href, uid, ics, time_zone)
            VALUES (${id}, 1, ${`${id}.ics`}, ${`uid-${id}`}, ${ics}, 'UTC')`.execute(k);
      }

      await migrateToLatest(db);
      const { rows } = await sql<{ id: number; repeat_dates: boolean | number }>`SELECT id, repeat_dates
        FROM tasks ORDER BY id`.execute(k);
      expect(rows.map((r) => [Number(r.id), !!r.repeat_dates])).toEqual([
        [1, true],
        [2, true],
        [3, false],
        [4, false],
        [5, false],
      ]);
    });
  });
});
