/**
 * SQL for the parts of a page of tasks kept in other tables (`TaskDetails`): project
 * identifiers, creators, buckets. The per-page reads are reused queries (db/reused-query.ts):
 * built and compiled once per shape, as every list runs them.
 */
import type { Kysely } from 'kysely';
import { reusedQuery } from '../../db/reused-query.js';
import type { BucketRow, Database, LinkShareRow } from '../../db/schema.js';

export class TaskDetailsRepo {
  /** The identifiers of these projects. */
  readonly identifiersOf;
  /** Users by id. */
  readonly usersById;
  /** The users who created these tasks (link shares, negative ids, are not among them). */
  readonly creatorsOfTasks;

  constructor(private readonly db: Kysely<Database>) {
    this.identifiersOf = reusedQuery(db, (projectIds: readonly number[]) =>
      db.selectFrom('projects').select(['id', 'identifier']).where('id', 'in', projectIds),
    );
    this.usersById = reusedQuery(db, (ids: readonly number[]) =>
      db.selectFrom('users').selectAll().where('id', 'in', ids),
    );
    this.creatorsOfTasks = reusedQuery(db, (taskIds: readonly number[]) =>
      db
        .selectFrom('users')
        .selectAll()
        .where('id', 'in', (eb) => eb.selectFrom('tasks').select('created_by_id').where('id', 'in', taskIds)),
    );
  }

  linkShares(ids: readonly number[]): Promise<LinkShareRow[]> {
    return this.db.selectFrom('link_shares').selectAll().where('id', 'in', ids).execute();
  }

  /** The buckets these tasks sit in across their project's kanban views, in bucket order. */
  bucketsOfTasks(taskIds: readonly number[]): Promise<(BucketRow & { task_id: number })[]> {
    return this.db
      .selectFrom('task_buckets')
      .innerJoin('buckets', 'buckets.id', 'task_buckets.bucket_id')
      .selectAll('buckets')
      .select('task_buckets.task_id')
      .where('task_buckets.task_id', 'in', [...taskIds])
      .orderBy('buckets.id')
      .execute();
  }
}
