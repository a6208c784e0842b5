/**
 * The database work of one HTTP request, as the database layer sees it. The HTTP layer runs each
 * request inside `requestWork.run(scope, …)` (http/request-scope.ts); the guarded dialect
 * (guarded-dialect.ts) reads the scope back when the request asks for a connection, so it can
 * refuse work whose client has gone away without every service passing the request down.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestWork {
  /** True once the client has closed its connection: no one will read the answer. */
  clientGone(): boolean;
  /** Set once the request sent a write to the database; from then on it is never cut short. */
  wrote: boolean;
  /** The request's id (http/request-id.ts): log lines written during its work carry it. */
  requestId?: string;
  /**
   * A read to send with the request's first database work rather than before it (the session
   * check, http/session-check-with-reads.ts): called as the first query asks for its connection,
   * so that on PostgreSQL it joins that query's batch (read-batch.ts). It clears itself.
   */
  readWithFirstQuery?: () => void;
  /** Settles before the request writes anything; rejects when the request may not (its session ended). */
  beforeWrite?: () => Promise<void>;
  /** The web app tab that sent the request (`X-Ordo-Tab`): its changes' live echoes name it. */
  tab?: string;
}

export const requestWork = new AsyncLocalStorage<RequestWork>();

/**
 * Thrown instead of starting database work for a request whose client has gone. Nothing was
 * written by the request at that point, so skipping the rest leaves no half-done change.
 */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the connection before the request reached the database; its work was skipped.');
    this.name = 'ClientGoneError';
  }
}
