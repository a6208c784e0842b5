/**
 * Guessing passwords through /dav is limited like the login route (`ORDO_RATE_LIMIT` per minute
 * and client address), but only failed sign-ins count: a calendar app syncing every few minutes
 * makes many good ones. The count lives in the database (http/rate-limit-store.ts), so it holds
 * across processes; a process that has seen the limit passed refuses that address for the rest of
 * the window without checking any password.
 */
import { LRUCache } from 'lru-cache';
import type { DatabaseRateLimitCounter } from '../../http/rate-limit-store.js';

const WINDOW_MS = 60_000;

export class FailedSignIns {
  readonly #blockedUntil = new LRUCache<string, number>({ max: 10_000, ttl: WINDOW_MS });

  /** `max` failures per minute and address; 0 turns the limit off. */
  constructor(
    private readonly counter: DatabaseRateLimitCounter,
    private readonly max: number,
  ) {}

  /** Seconds the address must wait, or 0 when it may try. */
  waitSeconds(ip: string, now = Date.now()): number {
    const until = this.#blockedUntil.get(ip) ?? 0;
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Counts a failed sign-in; answers the seconds to wait when that passed the limit, else 0. */
  async failed(ip: string, now = Date.now()): Promise<number> {
    if (this.max <= 0) return 0;
    const { current, ttl } = await this.counter.count(`caldav-sign-in:${ip}`, WINDOW_MS, now);
    if (current <= this.max) return 0;
    this.#blockedUntil.set(ip, now + ttl);
    return Math.max(1, Math.ceil(ttl / 1000));
  }
}
