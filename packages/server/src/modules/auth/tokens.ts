/**
 * User JWTs (HS256) with the v0.24 claims plus `sid`, the server-side session the token belongs
 * to. A token is only accepted while its session exists, so logout and password changes revoke it.
 */
import { jwtVerify, SignJWT } from 'jose';

export interface UserTokenClaims {
  type: 1;
  id: number;
  username: string;
  email: string;
  name: string;
  emailRemindersEnabled: boolean;
  isLocalUser: boolean;
  long: boolean;
  sid: string;
  exp: number;
}

/** Link-share JWT claims (reference §1.2, v0.24 naming: `right`). */
export interface LinkShareTokenClaims {
  type: 2;
  id: number;
  hash: string;
  project_id: number;
  right: number;
  sharedByID: number;
  exp: number;
}

/** Verified tokens kept in memory so the signature is checked once per token, not per request. */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenSigner {
  readonly #key: Uint8Array;
  readonly #verified = new Map<string, Record<string, unknown>>();
  constructor(
    secret: string,
    private readonly ttl: number,
    private readonly ttlLong: number,
  ) {
    this.#key = new TextEncoder().encode(secret);
  }

  async signUser(claims: Omit<UserTokenClaims, 'exp' | 'type'>): Promise<string> {
    const exp = Math.floor(Date.now() / 1000) + (claims.long ? this.ttlLong : this.ttl);
    return new SignJWT({ ...claims, type: 1 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(exp)
      .sign(this.#key);
  }

  /** Link-share tokens live as long as a normal user token. */
  async signLinkShare(claims: Omit<LinkShareTokenClaims, 'exp' | 'type'>): Promise<string> {
    const exp = Math.floor(Date.now() / 1000) + this.ttl;
    return new SignJWT({ ...claims, type: 2 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(exp)
      .sign(this.#key);
  }

  /** The verified claims, or null for anything malformed, expired or badly signed. */
  /**
   * The claims of a token verified before and not yet expired, without any await: the common case
   * on every request. `undefined` means "not seen yet, call verify".
   */
  verifiedBefore(token: string): Record<string, unknown> | null | undefined {
    const cached = this.#verified.get(token);
    if (!cached) return undefined;
    return (cached.exp as number) * 1000 > Date.now() ? cached : null;
  }

  async verify(token: string): Promise<Record<string, unknown> | null> {
    const cached = this.verifiedBefore(token);
    if (cached !== undefined) return cached;
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      if (typeof payload.exp !== 'number') return null;
      if (this.#verified.size >= VERIFIED_CACHE_SIZE) {
        // Drop the oldest entry (Map keeps insertion order).
        this.#verified.delete(this.#verified.keys().next().value as string);
      }
      this.#verified.set(token, payload as Record<string, unknown>);
      return payload as Record<string, unknown>;
    } catch {
      return null;
    }
  }
}

/** Reads a verified payload as user claims, or null when a claim is missing or mistyped. */
export function asUserClaims(payload: Record<string, unknown>): UserTokenClaims | null {
  if (payload.type !== 1 || typeof payload.username !== 'string') return null;
  // Ids are positive 32-bit integers in both databases; anything else never came from us.
  if (
    typeof payload.id !== 'number' ||
    !Number.isInteger(payload.id) ||
    payload.id < 1 ||
    payload.id > 2 ** 31 - 1
  ) {
    return null;
  }
  if (typeof payload.sid !== 'string' || payload.sid.length > 36) return null;
  return payload as unknown as UserTokenClaims;
}

/** Reads a verified payload as link-share claims, or null when a claim is missing or mistyped. */
export function asLinkShareClaims(payload: Record<string, unknown>): LinkShareTokenClaims | null {
  if (payload.type !== 2 || typeof payload.hash !== 'string' || payload.hash.length > 40) return null;
  if (
    typeof payload.id !== 'number' ||
    !Number.isInteger(payload.id) ||
    payload.id < 1 ||
    payload.id > 2 ** 31 - 1
  ) {
    return null;
  }
  return payload as unknown as LinkShareTokenClaims;
}
