/**
 * How many tasks each kanban bucket holds, kept by triggers on task_buckets so no writer can
 * forget it. A board shows every bucket's count and a bucket limit is checked on every move;
 * counting task_buckets rows each time cost 0.4 ms per board of 5 × 2,000 tasks on SQLite
 * (a grouped count over 10,000 index entries); reading five counters costs microseconds.
 * The table is derived data: dumps leave it out, and restoring task_buckets fills it again.
 * Only a bucket that has held a task has a row; no row means none.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { createTriggerCounter, type TriggerCounter } from './trigger-counters.js';

/** The counter, as migration 0060 reads it too. */
export const BUCKET_TASK_COUNTS: TriggerCounter = {
  counters: 'bucket_task_counts',
  key: 'bucket_id',
  referenced: 'buckets',
  count: 'task_count',
  source: 'task_buckets',
};

export function bucketTaskCounts(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createTriggerCounter(db, dialect, BUCKET_TASK_COUNTS);
    },
  };
}
