/**
 * Every /api/v1 route needs a valid token unless its route config says `public: true`.
 * A user token is only good while its session exists (logout, password change revoke it); a
 * link-share token only while its share exists; an API token (`tk_…`) while it exists, has not
 * expired, its owner is active and it grants the route.
 */
import type { ErrorKey } from '@ordo/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { SessionsRepo } from '../modules/auth/sessions-repo.js';
import { asLinkShareClaims, asUserClaims, type TokenSigner } from '../modules/auth/tokens.js';
import type { LinkSharesRepo } from '../modules/sharing/link-shares-repo.js';
import { API_TOKEN_PREFIX } from '../modules/tokens/secret.js';
import type { ApiTokensService } from '../modules/tokens/service.js';
import { fail } from './api-error.js';
import type { LinkSharePrincipal, Principal, UserPrincipal } from './principal.js';
import { deferSessionCheck, registerSessionCheckWithReads } from './session-check-with-reads.js';

/** What authenticating a request uses, given by the composition root (context.ts). */
export interface AuthenticationDeps {
  config: Config;
  apiTokens: ApiTokensService;
  tokens: TokenSigner;
  repos: { linkShares: LinkSharesRepo; sessions: SessionsRepo };
  /** PostgreSQL: routes that say so check the session with their first reads (session-check-with-reads.ts). */
  sessionCheckWithReads?: boolean;
}

/** A link-share token is good while link sharing is on and its share still exists unchanged. */
async function linkSharePrincipal(
  ctx: AuthenticationDeps,
  payload: Record<string, unknown>,
): Promise<LinkSharePrincipal | null> {
  const claims = asLinkShareClaims(payload);
  if (!claims || !ctx.config.linkSharing) return null;
  const share = await ctx.repos.linkShares.findForToken(claims.id);
  if (!share || share.hash !== claims.hash) return null;
  return { kind: 'linkShare', userId: -share.id, username: `link-share-${share.id}`, share };
}

/**
 * An API token acts as its owner, on the routes it grants only (reference §1.2 item 3). Any
 * failure is the same 401 code 11 as a bad JWT.
 */
async function apiTokenPrincipal(
  ctx: AuthenticationDeps,
  token: string,
  request: FastifyRequest,
): Promise<UserPrincipal | null> {
  const holder = await ctx.apiTokens.holder(token, request.method, request.routeOptions.url ?? '');
  if (!holder) return null;
  return {
    kind: 'user',
    user: holder.owner,
    userId: holder.owner.id,
    username: holder.owner.username,
    sessionId: null,
    long: false,
    apiTokenId: holder.tokenId,
  };
}

async function principalFrom(
  ctx: AuthenticationDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Principal | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  if (token.startsWith(API_TOKEN_PREFIX)) return apiTokenPrincipal(ctx, token, request);
  const payload = ctx.tokens.verifiedBefore(token) ?? (await ctx.tokens.verify(token));
  if (!payload) return null;
  if (payload.type === 2) return linkSharePrincipal(ctx, payload);
  if (ctx.sessionCheckWithReads) {
    const claims = asUserClaims(payload);
    if (!claims) return null;
    const pending = deferSessionCheck(request, reply, ctx.repos.sessions, claims);
    if (pending) return pending;
  }
  return sessionUserPrincipal(ctx, payload);
}

/**
 * A user's session JWT, and only that (no link share, no API token): what the live WebSocket
 * accepts (reference §6.2). Null when it is anything else, expired, or its session has ended.
 */
export async function userFromSessionToken(
  ctx: AuthenticationDeps,
  token: string,
): Promise<UserPrincipal | null> {
  if (token.startsWith(API_TOKEN_PREFIX)) return null;
  const payload = ctx.tokens.verifiedBefore(token) ?? (await ctx.tokens.verify(token));
  return payload ? sessionUserPrincipal(ctx, payload) : null;
}

async function sessionUserPrincipal(
  ctx: AuthenticationDeps,
  payload: Record<string, unknown>,
): Promise<UserPrincipal | null> {
  const claims = asUserClaims(payload);
  if (!claims) return null;
  const user = await ctx.repos.sessions.activeUser(claims.sid);
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

export function registerAuthentication(app: FastifyInstance, ctx: AuthenticationDeps): void {
  app.decorateRequest('principal', null);
  if (ctx.sessionCheckWithReads) registerSessionCheckWithReads(app);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/v1/')) return;
    if (request.url.startsWith('/api/v1/docs')) return;
    if (request.routeOptions.config?.public) {
      if (request.routeOptions.config.readsToken)
        request.principal = await principalFrom(ctx, request, reply);
      return;
    }
    // Unknown routes fall through to the 404 handler instead of answering 401.
    if (!request.routeOptions.url) return;
    const principal = await principalFrom(ctx, request, reply);
    if (!principal) throw fail('invalidToken');
    request.principal = principal;
  });
}

/**
 * The signed-in user. Link shares are refused (1023, or the code a route names, e.g. 11002 for
 * saved filters): only routes that call `requirePrincipal` serve them.
 */
export function requireUser(
  request: FastifyRequest,
  linkShareRefusal: ErrorKey = 'mustNotBeLinkShare',
): UserPrincipal {
  const p = requirePrincipal(request);
  if (p.kind !== 'user') throw fail(linkShareRefusal);
  return p;
}

/** A user or a link share; the rights resolver limits what a link share reaches. */
export function requirePrincipal(request: FastifyRequest): Principal {
  const p = request.principal;
  if (!p) throw fail('invalidToken');
  return p;
}
