/**
 * The failed-attempt counters (table auth_failures, migration 0035). Each claim is one upsert, so
 * concurrent attempts, in any process or on any server sharing the database, see each other: a
 * burst of parallel guesses gets no further than sequential ones.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The first wait after the free failures; each further failure doubles it. */
export const FIRST_WAIT_MS = 1000;

export interface BackoffPolicy {
  /** Attempts that start no wait. */
  free: number;
  maxWaitMs: number;
  /** After this long without an attempt the count starts again from zero. */
  forgetMs: number;
}

export class AuthFailuresRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts an attempt for `key` unless it is inside its wait. Answers the milliseconds left of
   * that wait when it is (the attempt was not counted), else 0. Counting before the secret is
   * checked is what makes parallel guesses wait their turn; a success takes it back (`release`).
   */
  async claim(key: string, policy: BackoffPolicy, now: number): Promise<number> {
    const { free, maxWaitMs, forgetMs } = policy;
    const blocked = sql`auth_failures.blocked_until > ${now}`;
    const forgotten = sql`auth_failures.last_attempt <= ${now - forgetMs}`;
    const underFree = sql`auth_failures.failures + 1 <= ${free}`;
    // The wait this attempt starts; every right-hand side reads the row as it was before.
    const wait = sql`case
      when ${forgotten} or ${underFree} then 0
      when auth_failures.wait_ms = 0 then ${Math.min(FIRST_WAIT_MS, maxWaitMs)}
      when auth_failures.wait_ms * 2 >= ${maxWaitMs} then ${maxWaitMs}
      else auth_failures.wait_ms * 2 end`;
    const result = await sql<{ blocked_until: string | number; refused: number }>`
      insert into auth_failures ("key", failures, wait_ms, blocked_until, last_attempt)
      values (${key}, 1, 0, ${now}, ${now})
      on conflict ("key") do update set
        failures = case when ${blocked} then auth_failures.failures
          when ${forgotten} then 1 else auth_failures.failures + 1 end,
        wait_ms = case when ${blocked} then auth_failures.wait_ms else ${wait} end,
        blocked_until = case when ${blocked} then auth_failures.blocked_until else ${now} + ${wait} end,
        last_attempt = case when ${blocked} then auth_failures.last_attempt else ${now} end,
        refused = case when ${blocked} then 1 else 0 end
      returning blocked_until, refused`.execute(this.db);
    const row = result.rows[0];
    return row && Number(row.refused) === 1 ? Number(row.blocked_until) - now : 0;
  }

  /**
   * Takes back the attempt claimed at `claimedAt` (it succeeded, or another key refused it),
   * with the wait it started if no attempt came after it.
   */
  async release(key: string, policy: BackoffPolicy, claimedAt: number): Promise<void> {
    const mine = sql`auth_failures.last_attempt = ${claimedAt}`;
    await sql`
      update auth_failures set
        failures = case when auth_failures.failures > 0 then auth_failures.failures - 1 else 0 end,
        wait_ms = case when auth_failures.failures - 1 <= ${policy.free} then 0
          when ${mine} then auth_failures.wait_ms / 2 else auth_failures.wait_ms end,
        blocked_until = case when ${mine} then ${claimedAt} else auth_failures.blocked_until end
      where "key" = ${key}`.execute(this.db);
  }

  /** Forgets the key's failures (a success for the account). */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('auth_failures').where('key', '=', key).execute();
  }

  /** Deletes counters that no longer hold anyone back. */
  async prune(now: number, forgetMs: number): Promise<void> {
    await this.db
      .deleteFrom('auth_failures')
      .where('blocked_until', '<=', now)
      .where((eb) => eb.or([eb('last_attempt', '<=', now - forgetMs), eb('failures', '<=', 0)]))
      .execute();
  }
}
