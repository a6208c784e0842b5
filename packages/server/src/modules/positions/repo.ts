/** SQL for task positions within one view. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Rows per INSERT when a whole view is rewritten (3 parameters each, well under SQLite's limit). */
const INSERT_BATCH = 500;

export class PositionsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  with(db: Kysely<Database>): PositionsRepo {
    return new PositionsRepo(db);
  }

  async set(taskId: number, viewId: number, position: number): Promise<void> {
    await this.db
      .insertInto('task_positions')
      .values({ task_id: taskId, project_view_id: viewId, position })
      .onConflict((oc) => oc.columns(['task_id', 'project_view_id']).doUpdateSet({ position }))
      .execute();
  }

  async positionOf(taskId: number, viewId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('task_positions')
      .select('position')
      .where('task_id', '=', taskId)
      .where('project_view_id', '=', viewId)
      .executeTakeFirst();
    return row?.position;
  }

  /** Tasks of the view at exactly this position. */
  async tasksAt(viewId: number, position: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('task_positions')
      .select('task_id')
      .where('project_view_id', '=', viewId)
      .where('position', '=', position)
      .execute();
    return rows.map((r) => r.task_id);
  }

  /** The nearest positions below and above `position` in the view. */
  async neighbours(
    viewId: number,
    position: number,
  ): Promise<{ lower: number | null; upper: number | null }> {
    const row = await this.db
      .selectFrom('task_positions')
      .select((eb) => [
        eb.fn.max(eb.case().when('position', '<', position).then(eb.ref('position')).end()).as('lower'),
        eb.fn.min(eb.case().when('position', '>', position).then(eb.ref('position')).end()).as('upper'),
      ])
      .where('project_view_id', '=', viewId)
      .executeTakeFirst();
    const read = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return { lower: read(row?.lower), upper: read(row?.upper) };
  }

  /** Every task of the project in the view's current order: by position (none last), then id. */
  async currentOrder(projectId: number, viewId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('tasks')
      .leftJoin('task_positions as tp', (join) =>
        join.onRef('tp.task_id', '=', 'tasks.id').on('tp.project_view_id', '=', viewId),
      )
      .select('tasks.id')
      .where('tasks.project_id', '=', projectId)
      .orderBy((eb) => eb('tp.position', 'is', null))
      .orderBy('tp.position')
      .orderBy('tasks.id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** The tasks placed in the view, by position, then id. */
  async placedOrder(viewId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('task_positions')
      .select('task_id')
      .where('project_view_id', '=', viewId)
      .orderBy('position')
      .orderBy('task_id')
      .execute();
    return rows.map((r) => r.task_id);
  }

  /** Replaces all positions of the view with these. */
  async replaceAll(viewId: number, positions: { task_id: number; position: number }[]): Promise<void> {
    await this.db.deleteFrom('task_positions').where('project_view_id', '=', viewId).execute();
    for (let i = 0; i < positions.length; i += INSERT_BATCH) {
      await this.db
        .insertInto('task_positions')
        .values(positions.slice(i, i + INSERT_BATCH).map((p) => ({ ...p, project_view_id: viewId })))
        .execute();
    }
  }
}
