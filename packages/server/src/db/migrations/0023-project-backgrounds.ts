/**
 * Project backgrounds (reference §2.4): `projects.background_file_id` now points at the stored file
 * (set null should the file row go), and the blur hash is text. Both columns date from 0002, where
 * `files` did not exist yet; SQLite cannot add a constraint to a column, so each is dropped and
 * added again, and the values they held are written back.
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

interface Kept {
  id: number;
  background_file_id: number | null;
  background_blur_hash: string;
}

export function projectBackgrounds(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const kept = await sql<Kept>`
        select p.id, f.id as background_file_id, p.background_blur_hash
        from projects p left join files f on f.id = p.background_file_id
        where p.background_file_id is not null or p.background_blur_hash <> ''`.execute(db);
      await db.schema.alterTable('projects').dropColumn('background_file_id').execute();
      await db.schema.alterTable('projects').dropColumn('background_blur_hash').execute();
      await db.schema
        .alterTable('projects')
        .addColumn('background_file_id', 'integer', (c) => c.references('files.id').onDelete('set null'))
        .execute();
      await db.schema
        .alterTable('projects')
        .addColumn('background_blur_hash', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      for (const row of kept.rows) {
        // A hash without its file describes nothing, so only both together are kept.
        if (row.background_file_id === null) continue;
        await sql`update projects set background_file_id = ${row.background_file_id},
          background_blur_hash = ${row.background_blur_hash} where id = ${row.id}`.execute(db);
      }
    },
  };
}
