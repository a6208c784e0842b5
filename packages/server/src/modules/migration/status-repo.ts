/** SQL for import jobs (migration_status, migrations 0024 and 0039). */
import { nowIso } from '@ordo/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ImportState, MigrationStatusTable } from '../../db/schema.js';

export type MigrationStatusRow = Selectable<MigrationStatusTable>;

/** What a job wrote so far, which a rollback removes. */
export interface CreatedRows {
  projects: number[];
  labels: number[];
  /** Tasks and buckets written into existing projects (a new project's go with it). */
  tasks?: number[];
  buckets?: number[];
}

export class MigrationStatusRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): MigrationStatusRepo {
    return new MigrationStatusRepo(db);
  }

  find(id: number): Promise<MigrationStatusRow | undefined> {
    return this.db.selectFrom('migration_status').selectAll().where('id', '=', id).executeTakeFirst();
  }

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
    const now = nowIso();
    return this.db
      .insertInto('migration_status')
      .values({
        user_id: userId,
        migrator_name: name,
        started_at: now,
        finished_at: null,
        state: 'running',
        stage: 'reading',
        error: null,
        result: null,
        heartbeat_at: now,
        created: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Progress of a batch, committed with it: what is written so far, and that the runner lives. */
  async progress(id: number, p: { stage: string; done: number; total: number; created: CreatedRows }) {
    await this.db
      .updateTable('migration_status')
      .set({
        stage: p.stage,
        done_count: p.done,
        total: p.total,
        created: JSON.stringify(p.created),
        heartbeat_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
  }

  async finish(id: number, state: ImportState, outcome: { error?: unknown; result?: unknown }) {
    await this.db
      .updateTable('migration_status')
      .set({
        state,
        stage: state,
        finished_at: nowIso(),
        error: outcome.error === undefined ? null : JSON.stringify(outcome.error),
        result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
        created: null,
      })
      .where('id', '=', id)
      .execute();
  }

  /** A run whose file was refused before anything was written leaves no trace. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('migration_status').where('id', '=', id).execute();
  }

  /** Asks the runner (in whichever process) to stop; answers whether a running job was found. */
  async requestCancel(id: number): Promise<void> {
    await this.db
      .updateTable('migration_status')
      .set({ cancel_requested: true })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .execute();
  }

  async cancelRequested(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('migration_status')
      .select('cancel_requested')
      .where('id', '=', id)
      .executeTakeFirst();
    return !!row?.cancel_requested;
  }

  /** Running jobs whose runner has not been heard of since `before`. */
  stale(before: string, userId?: number): Promise<MigrationStatusRow[]> {
    let q = this.db
      .selectFrom('migration_status')
      .selectAll()
      .where('state', '=', 'running')
      .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', before)]));
    if (userId !== undefined) q = q.where('user_id', '=', userId);
    return q.execute();
  }

  /**
   * Takes over a stale job for cleaning up: only one process wins (the update is conditional),
   * so two workers never roll back the same job.
   */
  async claimStale(id: number, before: string): Promise<boolean> {
    const result = await this.db
      .updateTable('migration_status')
      .set({ stage: 'rolling back', heartbeat_at: nowIso() })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where((eb) => eb.or([eb('heartbeat_at', 'is', null), eb('heartbeat_at', '<', before)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

/** The `created` column of a job's row. */
export function parseCreated(text: string | null): CreatedRows {
  const value = text ? (JSON.parse(text) as Partial<CreatedRows>) : {};
  return {
    projects: value.projects ?? [],
    labels: value.labels ?? [],
    tasks: value.tasks ?? [],
    buckets: value.buckets ?? [],
  };
}
