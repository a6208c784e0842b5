/**
 * Where @fastify/rate-limit keeps its counters: in the database (table rate_limit_hits), so the
 * limit holds across every server process (ORDO_WORKERS) and every server sharing a PostgreSQL
 * database. Its default store counts in memory, which would let each process allow the limit
 * again. Only unauthenticated auth routes are limited, so one upsert per such request is cheap.
 */
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Counters whose window has long passed are deleted every this many counts. */
const PRUNE_EVERY = 200;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteInfo {
  routeInfo?: { method?: string | string[]; url?: string };
}

export class DatabaseRateLimitCounter {
  #counted = 0;
  constructor(private readonly db: Kysely<Database>) {}

  /** Counts one request for `key` in a window of `windowMs`; answers the count and the time left. */
  async count(key: string, windowMs: number, now = Date.now()): Promise<{ current: number; ttl: number }> {
    const expired = now - windowMs;
    const row = await this.db
      .insertInto('rate_limit_hits')
      .values({ key, window_start: now, hits: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          // Both right-hand sides read the row as it was before this update, on both databases.
          hits: eb
            .case()
            .when('rate_limit_hits.window_start', '<=', expired)
            .then(1)
            .else(eb('rate_limit_hits.hits', '+', 1))
            .end(),
          window_start: eb
            .case()
            .when('rate_limit_hits.window_start', '<=', expired)
            .then(now)
            .else(eb.ref('rate_limit_hits.window_start'))
            .end(),
        })),
      )
      .returning(['hits', 'window_start'])
      .executeTakeFirstOrThrow();
    if (++this.#counted % PRUNE_EVERY === 0) {
      await this.db.deleteFrom('rate_limit_hits').where('window_start', '<=', expired).execute();
    }
    return { current: Number(row.hits), ttl: Number(row.window_start) + windowMs - now };
  }
}

/** A store class for @fastify/rate-limit's `store` option, counting in `db`. */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  const counter = new DatabaseRateLimitCounter(db);
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: IncrCallback, timeWindow?: number): void {
      counter.count(`${this.prefix}${key}`, timeWindow ?? 60_000).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /**
     * Each limited route counts apart, as the in-memory store does. The plugin passes the route's
     * merged limit options, with the route under `routeInfo` (its types say otherwise).
     */
    child(routeOptions: object): FastifyRateLimitStore {
      const { method = '', url = '' } = (routeOptions as RouteInfo).routeInfo ?? {};
      return new DatabaseRateLimitStore(
        routeOptions as FastifyRateLimitOptions,
        `${[method].flat().join(',')} ${url}|`,
      );
    }
  }
  return DatabaseRateLimitStore;
}
