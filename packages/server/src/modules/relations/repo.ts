/** SQL for task relations; every relation is two rows, one per direction. */
import { nowIso, RELATION_INVERSES, type RelationKind } from '@ordo/core';
import { type Expression, type Kysely, sql } from 'kysely';
import { reusedQuery } from '../../db/reused-query.js';
import type { Database, TaskRow } from '../../db/schema.js';

export class RelationsRepo {
  private readonly relationRowsOf;

  constructor(private readonly db: Kysely<Database>) {
    this.relationRowsOf = reusedQuery(db, (taskIds: readonly number[]) =>
      db.selectFrom('task_relations').select('task_id').where('task_id', 'in', taskIds),
    );
  }

  with(db: Kysely<Database>): RelationsRepo {
    return new RelationsRepo(db);
  }

  async exists(taskId: number, otherTaskId: number, kind: RelationKind): Promise<boolean> {
    const row = await this.db
      .selectFrom('task_relations')
      .select('id')
      .where('task_id', '=', taskId)
      .where('other_task_id', '=', otherTaskId)
      .where('relation_kind', '=', kind)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Writes the relation and its inverse; answers the creation time. */
  async insertPair(taskId: number, otherTaskId: number, kind: RelationKind, userId: number): Promise<string> {
    const created = nowIso();
    await this.db
      .insertInto('task_relations')
      .values([
        { task_id: taskId, other_task_id: otherTaskId, relation_kind: kind, created_by_id: userId, created },
        {
          task_id: otherTaskId,
          other_task_id: taskId,
          relation_kind: RELATION_INVERSES[kind],
          created_by_id: userId,
          created,
        },
      ])
      .execute();
    return created;
  }

  async deletePair(taskId: number, otherTaskId: number, kind: RelationKind): Promise<void> {
    await this.db
      .deleteFrom('task_relations')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('task_id', '=', taskId),
            eb('other_task_id', '=', otherTaskId),
            eb('relation_kind', '=', kind),
          ]),
          eb.and([
            eb('task_id', '=', otherTaskId),
            eb('other_task_id', '=', taskId),
            eb('relation_kind', '=', RELATION_INVERSES[kind]),
          ]),
        ]),
      )
      .execute();
  }

  /** Is `candidate` among the subtasks of `ancestor`, at any depth? One recursive query. */
  async isSubtaskOf(candidate: number, ancestor: number): Promise<boolean> {
    const { rows } = await sql<{ id: number }>`
      WITH RECURSIVE below(id, depth) AS (
        SELECT other_task_id, 1 FROM task_relations WHERE task_id = ${ancestor} AND relation_kind = 'subtask'
        UNION
        SELECT r.other_task_id, b.depth + 1 FROM task_relations r JOIN below b ON r.task_id = b.id
        WHERE r.relation_kind = 'subtask' AND b.depth < 1000
      )
      SELECT id FROM below WHERE id = ${candidate} LIMIT 1`.execute(this.db);
    return rows.length > 0;
  }

  /**
   * The related tasks of these tasks, with their kind and their project's identifier, limited to
   * tasks in `visibleProjectIds`.
   */
  async relatedOf(
    taskIds: readonly number[],
    visibleProjectIds: Expression<number>,
  ): Promise<(TaskRow & { base_task_id: number; relation_kind: string; project_identifier: string })[]> {
    if (taskIds.length === 0) return [];
    // Most pages hold no related task at all. Looking for one first costs a query compiled once;
    // the full query below is built per call, its visible-project sub-query varying by caller.
    if ((await this.relationRowsOf(taskIds)).length === 0) return [];
    // CROSS JOIN keeps SQLite's join order: start from the page's few relation rows. With an inner
    // join SQLite starts from the visible projects and reads every task in them (PostgreSQL plans
    // both forms alike).
    return this.db
      .selectFrom('task_relations')
      .crossJoin('tasks')
      .whereRef('tasks.id', '=', 'task_relations.other_task_id')
      .innerJoin('projects', 'projects.id', 'tasks.project_id')
      .selectAll('tasks')
      .select([
        'task_relations.task_id as base_task_id',
        'task_relations.relation_kind',
        'projects.identifier as project_identifier',
      ])
      .where('task_relations.task_id', 'in', [...taskIds])
      .where('tasks.project_id', 'in', visibleProjectIds)
      .orderBy('task_relations.id')
      .execute();
  }
}
