/**
 * Migration 0059: the tasks that are a subtask of another task of their own project are listed
 * from the relations already there, so a list view's total is right from the first start.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { beforeMigration } from './support/before-migration.js';

describe('migration 0059 (subtasks of a task of their own project)', () => {
  it('lists the subtasks the relations already made, and only those of the same project', async () => {
    await beforeMigration(
      '0058-field-show-on-cards',
      async (db, now) => {
        const k = db.kysely;
        // Tasks 1–4 in project 1, task 5 in project 2.
        for (const [id, project] of [
          [1, 1],
          [2, 1],
          [3, 1],
          [4, 1],
          [5, 2],
        ]) {
          await sql`INSERT INTO tasks (id, project_id, title, ${sql.ref('index')}, uid, created_by_id, created, updated)
          VALUES (${id}, ${project}, ${`T${id}`}, ${id}, ${`uid-${id}`}, 1, ${now}, ${now})`.execute(k);
        }
        const relate = async (parent: number, child: number) => {
          for (const [a, b, kind] of [
            [parent, child, 'subtask'],
            [child, parent, 'parenttask'],
          ] as const) {
            await sql`INSERT INTO task_relations (task_id, other_task_id, relation_kind, created_by_id, created)
            VALUES (${a}, ${b}, ${kind}, 1, ${now})`.execute(k);
          }
        };
        await relate(1, 2); // same project
        await relate(2, 3); // same project, one level down
        await relate(5, 4); // parent in another project: task 4 stays top-level
        await sql`INSERT INTO task_relations (task_id, other_task_id, relation_kind, created_by_id, created)
        VALUES (1, 4, 'related', 1, ${now})`.execute(k);

        await migrateToLatest(db);
        const { rows } = await sql<{ task_id: number; project_id: number }>`SELECT task_id, project_id
        FROM project_subtasks ORDER BY task_id`.execute(k);
        expect(rows.map((r) => [Number(r.task_id), Number(r.project_id)])).toEqual([
          [2, 1],
          [3, 1],
        ]);
      },
      { projects: 2 },
    );
  });
});
