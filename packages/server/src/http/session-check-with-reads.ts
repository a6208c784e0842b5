/**
 * On PostgreSQL, the session check of a read-only route goes to the database with the route's
 * first reads instead of a round trip before them (a list page: three trips instead of four).
 *
 * A user token's signature names the user and the session; what only the database knows is
 * whether the session still exists and the account is active. For a route that opts in
 * (`config.sessionCheckWithReads`, GET only), the token's signature is checked as always, and the
 * session's own read is sent as the route's first query asks for its connection, so it joins that
 * query's batch (db/read-batch.ts). The route works on meanwhile, with the user's id only; its
 * answer, or its error, waits for the check in `onSend`, and a check that fails replaces it with
 * the 401 any other route gives, without the headers the route set. A write cannot happen before
 * the check has answered (db/guarded-dialect.ts waits for it), and the user's row is not there to
 * read until then (`user` throws): routes that opt in read neither.
 *
 * SQLite answers the check in this process, so there is nothing to save: it checks first, as
 * every route does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import type { SessionsRepo } from '../modules/auth/sessions-repo.js';
import type { UserTokenClaims } from '../modules/auth/tokens.js';
import { type ApiError, fail, httpError } from './api-error.js';
import type { UserPrincipal } from './principal.js';
import { isClientGone, workOf } from './request-scope.js';

/** A user whose session check has not answered yet; the row comes with the answer. */
class PendingUserPrincipal implements UserPrincipal {
  readonly kind = 'user';
  readonly userId: number;
  readonly sessionId: string;
  readonly long: boolean;
  private row: UserRow | null = null;

  constructor(claims: UserTokenClaims) {
    this.userId = claims.id;
    this.sessionId = claims.sid;
    this.long = claims.long === true;
  }

  get user(): UserRow {
    if (!this.row) throw new Error('The user row was read before the session check answered.');
    return this.row;
  }

  get username(): string {
    return this.user.username;
  }

  confirmed(row: UserRow): void {
    this.row = row;
  }

  get isConfirmed(): boolean {
    return this.row !== null;
  }
}

class SessionCheck {
  private answer: Promise<UserRow | undefined> | null = null;
  private outcome: Promise<boolean> | null = null;

  constructor(
    private readonly sessions: SessionsRepo,
    readonly principal: PendingUserPrincipal,
    /** The headers the answer had before the route ran; a refused answer keeps only these. */
    readonly headersBefore: ReadonlySet<string>,
  ) {}

  /** Sends the session's read (once). */
  start(): void {
    if (this.answer) return;
    this.answer = this.sessions.activeUser(this.principal.sessionId);
    // Heard in `settle`; a request whose client went away never gets there (no onSend), and its
    // failed read (ClientGoneError) must not be an unhandled rejection.
    this.answer.catch(() => {});
  }

  /** Whether the session is good, once its read answered; the principal then has its row. */
  settle(): Promise<boolean> {
    this.start();
    this.outcome ??= (this.answer as Promise<UserRow | undefined>).then((row) => {
      if (!row || row.id !== this.principal.userId) return false;
      this.principal.confirmed(row);
      return true;
    });
    return this.outcome;
  }
}

const checks = new WeakMap<FastifyRequest, SessionCheck>();

/** Is the user's row here to read (false while a session check rides with the first reads)? */
export function userRowRead(principal: UserPrincipal): boolean {
  return !(principal instanceof PendingUserPrincipal) || principal.isConfirmed;
}

/**
 * Lets the session check of this request ride with its first reads, when the route says it may.
 * Answers the principal the route sees, or null when the request is checked first as usual.
 */
export function deferSessionCheck(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionsRepo,
  claims: UserTokenClaims,
): UserPrincipal | null {
  if (request.method !== 'GET' || !request.routeOptions.config?.sessionCheckWithReads) return null;
  const work = workOf(request);
  if (!work) return null;
  const principal = new PendingUserPrincipal(claims);
  const check = new SessionCheck(sessions, principal, new Set(Object.keys(reply.getHeaders())));
  checks.set(request, check);
  work.readWithFirstQuery = () => {
    work.readWithFirstQuery = undefined;
    check.start();
  };
  work.beforeWrite = async () => {
    if (!(await check.settle())) throw fail('invalidToken');
    work.beforeWrite = undefined;
  };
  return principal;
}

/** Holds every answer of a request with a pending check until the check says the session is good. */
export function registerSessionCheckWithReads(app: FastifyInstance): void {
  // Synchronous when there is no check: this runs on every response.
  app.addHook('onSend', (request, reply, payload, done) => {
    const check = checks.get(request);
    if (!check) return done(null, payload);
    check.settle().then(
      (good) => done(null, good ? payload : replaced(reply, check, fail('invalidToken'))),
      (error: Error) => {
        // A client that went away is no one to tell (request-scope.ts); anything else is logged.
        if (!isClientGone(error)) request.log.error(`session check: ${error.message}`);
        done(null, replaced(reply, check, httpError(500, 'Internal Server Error')));
      },
    );
  });
}

/** The route's answer replaced by `error` (the 401 of an ended session), without the route's headers. */
function replaced(reply: FastifyReply, check: SessionCheck, error: ApiError): string {
  for (const name of Object.keys(reply.getHeaders())) {
    if (!check.headersBefore.has(name)) reply.removeHeader(name);
  }
  reply.code(error.status);
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('cache-control', 'no-store');
  return JSON.stringify(error.toBody());
}
