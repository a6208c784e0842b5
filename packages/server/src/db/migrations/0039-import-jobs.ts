/**
 * Imports run as background jobs: a `migration_status` row is the job. `state` is running, done,
 * failed or cancelled; `stage`, `done_count` and `total` tell the progress; `error` is the
 * catalogue error of a failed run (JSON); `result` the counts of a finished one (JSON);
 * `heartbeat_at` is renewed by the process running it, so a job whose process died is found and
 * rolled back; `created` lists what it wrote so far (JSON: project and label ids), committed with
 * each batch, which is what a rollback removes; `cancel_requested` is how any process asks the
 * runner to stop. Rows from before run as `done`, an unfinished one as `running` without a
 * heartbeat (so it is cleaned up at start).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { boolDefault } from './helpers.js';

export function importJobs(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      const table = () => db.schema.alterTable('migration_status');
      await table()
        .addColumn('state', 'varchar(20)', (c) => c.notNull().defaultTo('done'))
        .execute();
      await table()
        .addColumn('stage', 'varchar(20)', (c) => c.notNull().defaultTo(''))
        .execute();
      await table()
        .addColumn('done_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await table()
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await table().addColumn('error', 'text').execute();
      await table().addColumn('result', 'text').execute();
      await table().addColumn('heartbeat_at', 'varchar(30)').execute();
      await table().addColumn('created', 'text').execute();
      await table().addColumn('cancel_requested', 'boolean', boolDefault(false)).execute();
      await sql`update migration_status set state = 'running' where finished_at is null`.execute(db);
    },
  };
}
