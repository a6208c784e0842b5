/**
 * SQL of CalDAV collection sync (RFC 6578): the change counters and per-object changes that the
 * triggers of migration 0041 keep. Reads go through the (project_id, seq) index, so an
 * incremental sync reads only the rows changed since its token.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Tombstones are kept at least this long (then a token older than them is refused). */
export const TOMBSTONE_DAYS = 30;
const TOMBSTONE_MS = TOMBSTONE_DAYS * 24 * 60 * 60 * 1000;

export interface SyncState {
  /** The project's current change counter. */
  seq: number;
  /** The oldest counter value a sync token may still have. */
  floor: number;
}

export interface ObjectChange {
  name: string;
  taskId: number;
  deleted: boolean;
}

export class SyncRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Each project's state; a project nothing has changed in since 0041 is at 0. */
  async states(projectIds: readonly number[]): Promise<Map<number, SyncState>> {
    const states = new Map<number, SyncState>(projectIds.map((id) => [id, { seq: 0, floor: 0 }]));
    if (projectIds.length === 0) return states;
    const rows = await this.db
      .selectFrom('caldav_sync_state')
      .select(['project_id', 'seq', 'floor'])
      .where('project_id', 'in', [...projectIds])
      .execute();
    for (const row of rows) states.set(row.project_id, { seq: Number(row.seq), floor: Number(row.floor) });
    return states;
  }

  async state(projectId: number): Promise<SyncState> {
    return (await this.states([projectId])).get(projectId) as SyncState;
  }

  /**
   * The objects of a project changed after `since`, up to `until` (a token taken before), but
   * not the tombstones of names that appeared after `since`: that client never saw them.
   */
  async changesSince(projectId: number, since: number, until: number): Promise<ObjectChange[]> {
    const rows = await this.db
      .selectFrom('caldav_changes')
      .select(['name', 'task_id', 'deleted'])
      .where('project_id', '=', projectId)
      .where('seq', '>', since)
      .where('seq', '<=', until)
      .where((eb) => eb.or([eb('deleted', '=', false), eb('born', '<=', since)]))
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ name: r.name, taskId: r.task_id, deleted: !!r.deleted }));
  }

  /**
   * Removes tombstones older than 30 days; each project's floor rises to the newest one removed,
   * so a client whose token predates it syncs afresh instead of missing a deletion.
   */
  async pruneTombstones(now = Date.now()): Promise<number> {
    const before = now - TOMBSTONE_MS;
    return this.db.transaction().execute(async (trx) => {
      const expired = await trx
        .selectFrom('caldav_changes')
        .select(['project_id', (eb) => eb.fn.max('seq').as('seq')])
        .where('deleted', '=', true)
        .where('changed_at', '<', before)
        .groupBy('project_id')
        .execute();
      for (const row of expired) {
        await trx
          .updateTable('caldav_sync_state')
          .set({ floor: Number(row.seq) })
          .where('project_id', '=', row.project_id)
          .where('floor', '<', Number(row.seq))
          .execute();
      }
      const removed = await trx
        .deleteFrom('caldav_changes')
        .where('deleted', '=', true)
        .where('changed_at', '<', before)
        .executeTakeFirst();
      return Number(removed.numDeletedRows);
    });
  }
}
