/** Who is making a request, as decided by the authentication hook. */
export interface UserPrincipal {
  kind: 'user';
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
