import type { LinkShareRow, UserRow } from '../db/schema.js';

/** Who is making a request, as decided by the authentication hook. */
export interface UserPrincipal {
  kind: 'user';
  /** The user's row, loaded with the session check on this request. */
  user: UserRow;
  userId: number;
  username: string;
  /** The login session of the user JWT; null when the request came with an API token. */
  sessionId: string | null;
  long: boolean;
  /**
   * Set when the request came with an API token (reference §1.2 item 3): it acts as the token's
   * owner, on the routes the token grants only.
   */
  apiTokenId?: number;
}

/**
 * A visitor holding a link-share token. Services see it as a pseudo-user whose id is −share.id;
 * the rights resolver limits it to the share's project.
 */
export interface LinkSharePrincipal {
  kind: 'linkShare';
  /** −share.id */
  userId: number;
  /** `link-share-<share id>` */
  username: string;
  /** The share's row, re-read on this request. */
  share: LinkShareRow;
}

export type Principal = UserPrincipal | LinkSharePrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Route answers without a token. Every other /api/v1 route requires one. */
    public?: boolean;
    /** A public route that still reads a token when one is sent (a bad one counts as none). */
    readsToken?: boolean;
    /**
     * A GET route that writes nothing and reads no user row before its first query: on
     * PostgreSQL its session check goes with that query (http/session-check-with-reads.ts).
     */
    sessionCheckWithReads?: boolean;
  }
}
