import type { UserRow } from '../db/schema.js';

/** Who is making a request, as decided by the authentication hook. */
export interface UserPrincipal {
  kind: 'user';
  /** The user's row, loaded with the session check on this request. */
  user: UserRow;
  userId: number;
  username: string;
  sessionId: string;
  long: boolean;
}

export type Principal = UserPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Route answers without a token. Every other /api/v1 route requires one. */
    public?: boolean;
  }
}
