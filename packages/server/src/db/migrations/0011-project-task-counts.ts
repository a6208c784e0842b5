/**
 * How many tasks each project holds, kept by triggers on tasks so no writer can forget it.
 * A search counts its matches for the page headers; checking each match's project costs as much
 * as finding the matches (2,400 of 100,000 tasks: 0.8 ms against 0.35 ms). When the caller's
 * scope holds every task there is, which these counters tell at once, the full-text index counts
 * alone. Derived data like bucket_task_counts: dumps leave it out and a restore refills it.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { createTriggerCounter, type TriggerCounter } from './trigger-counters.js';

/** The counter, as migration 0060 reads it too. */
export const PROJECT_TASK_COUNTS: TriggerCounter = {
  counters: 'project_task_counts',
  key: 'project_id',
  referenced: 'projects',
  count: 'task_count',
  source: 'tasks',
};

export function projectTaskCounts(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await createTriggerCounter(db, dialect, PROJECT_TASK_COUNTS);
    },
  };
}
