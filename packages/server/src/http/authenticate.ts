/**
 * Every /api/v1 route needs a valid token unless its route config says `public: true`.
 * A user token is only good while its session exists (logout, password change revoke it).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { asUserClaims } from '../modules/auth/tokens.js';
import { fail } from './api-error.js';
import type { Principal, UserPrincipal } from './principal.js';

async function principalFrom(ctx: AppContext, header: string | undefined): Promise<Principal | null> {
  if (!header?.startsWith('Bearer ')) return null;
  const payload = await ctx.tokens.verify(header.slice(7).trim());
  if (!payload) return null;
  const claims = asUserClaims(payload);
  if (!claims) return null;
  const user = await ctx.repos.sessions.findActiveUser(claims.sid);
  if (!user || user.id !== claims.id) return null;
  return {
    kind: 'user',
    user,
    userId: claims.id,
    username: user.username,
    sessionId: claims.sid,
    long: claims.long === true,
  };
}

export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/v1/')) return;
    if (request.url.startsWith('/api/v1/docs')) return;
    if (request.routeOptions.config?.public) return;
    // Unknown routes fall through to the 404 handler instead of answering 401.
    if (!request.routeOptions.url) return;
    const principal = await principalFrom(ctx, request.headers.authorization);
    if (!principal) throw fail('invalidToken');
    request.principal = principal;
  });
}

/** The signed-in user; routes that reach here passed the authentication hook. */
export function requireUser(request: FastifyRequest): UserPrincipal {
  const p = request.principal;
  if (!p) throw fail('invalidToken');
  return p;
}
