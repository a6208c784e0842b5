/**
 * Readiness (`GET /health/ready`): this process can serve requests when its database answers a
 * trivial query and holds every migration this build knows. `/health` (liveness) only says the
 * process runs; a load balancer or an orchestrator sends traffic on readiness.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { knownMigrations, MIGRATION_TABLES } from '../../db/migrate.js';

/** A database that takes longer than this to answer `select 1` counts as not answering. */
const ANSWER_MS = 2_000;

export type Readiness = { ready: true } | { ready: false; reason: string };

export async function readiness(db: Db): Promise<Readiness> {
  const answered = await answersInTime(db);
  if (answered !== true) return { ready: false, reason: answered };
  let applied: Set<string>;
  try {
    const result = await sql<{
      name: string;
    }>`select name from ${sql.table(MIGRATION_TABLES.migrations)}`.execute(db.kysely);
    applied = new Set(result.rows.map((row) => row.name));
  } catch (error) {
    return { ready: false, reason: `the database has no migrations applied: ${(error as Error).message}` };
  }
  const missing = knownMigrations().filter((name) => !applied.has(name));
  if (missing.length > 0) {
    return {
      ready: false,
      reason: `${missing.length} database migrations are not applied, from ${missing[0]}`,
    };
  }
  return { ready: true };
}

/** True, or why not. */
async function answersInTime(db: Db): Promise<true | string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('the database did not answer in time'), ANSWER_MS);
  });
  const answer = sql`select 1`.execute(db.kysely).then(
    () => true as const,
    (error: Error) => `the database did not answer: ${error.message}`,
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}
