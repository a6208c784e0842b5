/**
 * Migration 0066: each task starts counting its VTODO's versions from the SEQUENCE of the object
 * its client last PUT (the VTODO that is no RECURRENCE-ID override), so none is served a lower one
 * than before; a task no client wrote, or one whose object has no SEQUENCE, starts at 0.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { beforeMigration } from './support/before-migration.js';

const calendar = (...todos: string[][]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    ...todos.flatMap((lines) => ['BEGIN:VTODO', ...lines, 'END:VTODO']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('migration 0066 (a count of each task’s VTODO versions)', () => {
  it('starts each task from its stored object’s SEQUENCE', async () => {
    await beforeMigration('0065-task-repeat-dates', async (db, now) => {
      const k = db.kysely;
      // Task id → its stored object (null: made in Ordo).
      const objects: [number, string | null][] = [
        [1, calendar(['UID:a', 'SUMMARY:A', 'SEQUENCE:7'])],
        // The override comes first; the task's own VTODO says 2.
        [2, calendar(['UID:b', 'RECURRENCE-ID:20300101T000000Z', 'SEQUENCE:9'], ['UID:b', 'sequence:2'])],
        [3, calendar(['UID:c', 'SUMMARY:C'])],
        [4, calendar(['UID:d', 'SUMMARY:C', 'SEQUENCE:soon'])],
        [6, calendar(['UID:f', 'SUMMARY:F', 'SEQUENCE;X-NOTE=a:', ' 12'])],
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
      const { rows } = await sql<{ id: number; caldav_sequence: number }>`SELECT id, caldav_sequence
        FROM tasks ORDER BY id`.execute(k);
      expect(rows.map((r) => [Number(r.id), Number(r.caldav_sequence)])).toEqual([
        [1, 7],
        [2, 2],
        [3, 0],
        [4, 0],
        [5, 0],
        [6, 12],
      ]);
    });
  });
});
