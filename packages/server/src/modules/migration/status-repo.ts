/** SQL for import runs (migration_status). */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface MigrationStatusRow {
  id: number;
  user_id: number;
  migrator_name: string;
  started_at: string;
  finished_at: string | null;
}

export class MigrationStatusRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's latest run of that importer. */
  latest(userId: number, name: string): Promise<MigrationStatusRow | undefined> {
    return this.db
      .selectFrom('migration_status')
      .selectAll()
      .where('user_id', '=', userId)
      .where('migrator_name', '=', name)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** The user's run under way, of any importer. */
  running(userId: number): Promise<MigrationStatusRow | undefined> {
    return this.db
      .selectFrom('migration_status')
      .selectAll()
      .where('user_id', '=', userId)
      .where('finished_at', 'is', null)
      .executeTakeFirst();
  }

  /** Inserts a run under way; the unique index refuses it while another one runs. */
  start(userId: number, name: string): Promise<MigrationStatusRow> {
    return this.db
      .insertInto('migration_status')
      .values({ user_id: userId, migrator_name: name, started_at: nowIso(), finished_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async finish(id: number): Promise<void> {
    await this.db
      .updateTable('migration_status')
      .set({ finished_at: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** A failed run leaves no trace: nothing was imported. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('migration_status').where('id', '=', id).execute();
  }

  /** Runs left unfinished since before `before` (their process ended mid-import). */
  async deleteAbandoned(userId: number, before: string): Promise<void> {
    await this.db
      .deleteFrom('migration_status')
      .where('user_id', '=', userId)
      .where('finished_at', 'is', null)
      .where('started_at', '<', before)
      .execute();
  }
}
