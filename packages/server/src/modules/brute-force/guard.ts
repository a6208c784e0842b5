/**
 * Backoff after failed sign-ins, as Nextcloud's brute-force protection does: every attempt at a
 * secret (password, TOTP passcode, link-share password, e-mailed token) counts against the
 * account or target it names and against the client address. The first `failures` per account
 * (four times as many per address, which many users may share) are free; each further one makes
 * the next attempt wait, one second at first and twice as long after every failure, up to the
 * longest wait (5 minutes by default: an attacker cannot lock an owner out for longer than that
 * at a time). A success clears the account's count; counts are forgotten after a quiet period.
 *
 * A request inside a wait is refused with 429 before the secret is looked at, so a throttled
 * guesser learns nothing, even with the right password.
 */
import type { Config } from '../../config.js';
import { throttled } from '../../http/api-error.js';
import { addressKey } from './client-address.js';
import type { AuthFailuresRepo, BackoffPolicy } from './failures-repo.js';

/** How many more failures a client address may have than one account. */
const ADDRESS_FACTOR = 4;
/** Stale counters are deleted every this many attempts. */
const PRUNE_EVERY = 200;

export interface AttemptTarget {
  /** The account or target the secret belongs to, e.g. `password:42` or `share:7`. */
  account?: string;
  /** The client address (request.ip). */
  ip: string;
}

/** An attempt in progress: counted as failed unless `succeeded` is called. */
export interface Attempt {
  /**
   * The secret was right: the address's count is taken back and the account's cleared (kept
   * with `keepAccount`, where every request counts, such as reset mails to one address).
   */
  succeeded(options?: { keepAccount?: boolean }): Promise<void>;
}

const NOTHING_COUNTED: Attempt = { succeeded: async () => {} };

export class BruteForceGuard {
  #attempts = 0;
  private readonly account: BackoffPolicy;
  private readonly address: BackoffPolicy;

  constructor(
    private readonly repo: AuthFailuresRepo,
    config: Config['bruteForce'],
  ) {
    const { failures, maxWaitMs, forgetMs } = config;
    this.account = { free: failures, maxWaitMs, forgetMs };
    this.address = { free: failures * ADDRESS_FACTOR, maxWaitMs, forgetMs };
  }

  get enabled(): boolean {
    return this.account.free > 0;
  }

  /** Counts an attempt, or throws 429 (with Retry-After) while the account or address must wait. */
  async begin(target: AttemptTarget, now = Date.now()): Promise<Attempt> {
    if (!this.enabled) return NOTHING_COUNTED;
    if (++this.#attempts % PRUNE_EVERY === 0) await this.repo.prune(now, this.account.forgetMs);
    const address = `address:${addressKey(target.ip)}`;
    const addressWait = await this.repo.claim(address, this.address, now);
    if (addressWait > 0) throw throttled(addressWait);
    const account = target.account;
    if (account) {
      const accountWait = await this.repo.claim(account, this.account, now);
      if (accountWait > 0) {
        // Refused attempts do not count, so an account's owner is never kept out any longer.
        await this.repo.release(address, this.address, now);
        throw throttled(accountWait);
      }
    }
    return {
      succeeded: async (options = {}) => {
        await this.repo.release(address, this.address, now);
        if (account && !options.keepAccount) await this.repo.clear(account);
      },
    };
  }

  /** Clears accounts' counts, for one who proved to be their owner another way. */
  async forget(...accounts: string[]): Promise<void> {
    if (!this.enabled) return;
    for (const account of accounts) await this.repo.clear(account);
  }
}

/** The account key of a password: the user's id when the login names one, else the name. */
export function passwordAccount(userId: number | undefined, login: string): string {
  return userId === undefined ? `password:${login.trim().toLowerCase()}` : `password:${userId}`;
}
