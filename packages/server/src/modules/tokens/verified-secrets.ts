/**
 * Which secrets this process has proven recently: API token secrets (PBKDF2 with 10000 rounds,
 * about 6 ms of CPU on the 2-core machine, several times a whole JWT request) and account
 * passwords sent with CalDAV's Basic (bcrypt, about 100 ms in pure JS, on every request a
 * calendar client makes). A client pays the hash once per few minutes instead of on every request.
 *
 * Only the proof is remembered, keyed by a SHA-256 of a per-process salt, the secret and the
 * row's stored hash: every request still reads the row, so a deleted or expired token, a changed
 * password and a disabled owner stop working at once, in every process. The salt keeps the keys
 * meaningless outside this process.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';

const MAX_ENTRIES = 10_000;
const TTL_MS = 5 * 60 * 1000;

export class VerifiedSecrets {
  readonly #proven = new LRUCache<string, true>({ max: MAX_ENTRIES, ttl: TTL_MS });
  readonly #salt = randomBytes(16);

  #key(token: string, storedHash: string): string {
    return createHash('sha256')
      .update(this.#salt)
      .update(token)
      .update('\0')
      .update(storedHash)
      .digest('base64');
  }

  has(token: string, storedHash: string): boolean {
    return this.#proven.has(this.#key(token, storedHash));
  }

  remember(token: string, storedHash: string): void {
    this.#proven.set(this.#key(token, storedHash), true);
  }
}
