/**
 * The API token secret (reference §1.2): `tk_` + 40 hex characters, found by its last eight and
 * proven by PBKDF2-SHA256 (10000 rounds, 50-byte key, per-token salt), so tokens made by Vikunja
 * keep working after a move and a copy of the database holds no usable token.
 */
import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

export const API_TOKEN_PREFIX = 'tk_';

const ROUNDS = 10_000;
const KEY_BYTES = 50;
const derive = promisify(pbkdf2);

/** The stored hash: hex of the derived key. Runs on libuv's thread pool, not the event loop. */
export async function hashApiToken(token: string, salt: string): Promise<string> {
  return (await derive(token, salt, ROUNDS, KEY_BYTES, 'sha256')).toString('hex');
}

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The part of a token its row is looked up by. */
export function lastEight(token: string): string {
  return token.slice(-8);
}

/**
 * Could this be an API token at all? Anything shorter than the prefix plus eight characters (or
 * longer than a token can be) is refused before any lookup.
 */
export function looksLikeApiToken(value: string): boolean {
  return (
    value.startsWith(API_TOKEN_PREFIX) && value.length >= API_TOKEN_PREFIX.length + 8 && value.length <= 100
  );
}

export interface NewSecret {
  token: string;
  salt: string;
  hash: string;
  lastEight: string;
}

export async function newApiTokenSecret(): Promise<NewSecret> {
  const token = `${API_TOKEN_PREFIX}${randomBytes(20).toString('hex')}`;
  const salt = randomBytes(16).toString('hex');
  return { token, salt, hash: await hashApiToken(token, salt), lastEight: lastEight(token) };
}
