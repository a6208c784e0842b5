/**
 * The Idempotency-Key header on writes (POST, PUT, PATCH; creates in Vikunja's API are PUTs): a
 * client that did not see the answer to a write (a time-out, a dropped connection, a restarted
 * server process) sends it again with the same key and gets the first answer, never a second
 * create. Per caller (user or link share) and key, the first request's fingerprint (method, path,
 * body) is kept with its status and body for 24 hours:
 * - the same key and the same request again: the stored answer, with `Idempotent-Replayed: true`;
 * - the same key with another path or body: 422 (30061);
 * - while the first request is still running: 409 (30062), so two never both do the work.
 *
 * The key is claimed in its own write before the work starts, not in the work's transaction (the
 * services own their transactions). A process dying between the work and storing its answer
 * leaves the claim pending: a retry then gets 409 (30062, and 30063 after ten minutes) and never
 * a duplicate. A request that fails before writing anything (a 5xx, a client gone) gives its key
 * back; one that fails after writing keeps it as failed (30063).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestWork } from '../../db/request-work.js';
import { fail } from '../../http/api-error.js';
import { workOf } from '../../http/request-scope.js';
import type { Answer, IdempotencyRepo } from './repo.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const KEY_SHAPE = /^[\x20-\x7e]{1,255}$/;
/** How long an answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim still pending after this long belongs to a request that died. */
const STALE_PENDING_MS = 10 * 60 * 1000;
/** Records older than the TTL are deleted every this many claims (per process). */
const PRUNE_EVERY = 100;

interface Claim {
  principalId: number;
  key: string;
}

const claims = new WeakMap<FastifyRequest, Claim>();

function fingerprint(request: FastifyRequest): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  const body = request.body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) hash.update(body);
  else if (body !== undefined && body !== null) hash.update(JSON.stringify(body));
  return hash.digest('hex');
}

/** Who the key belongs to: a user's id, a link share's negative id, or a CalDAV client's user. */
function callerOf(request: FastifyRequest): number | null {
  return request.principal?.userId ?? request.davUser?.id ?? null;
}

function payloadText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return null;
}

export function registerIdempotency(app: FastifyInstance, repo: IdempotencyRepo): void {
  let claimed = 0;

  const replay = (reply: FastifyReply, record: Answer) => {
    reply.status(record.status).header('idempotent-replayed', 'true');
    if (record.contentType) reply.header('content-type', record.contentType);
    return reply.send(record.body ?? '');
  };

  const claimKey = async (
    request: FastifyRequest,
    reply: FastifyReply,
    header: string | string[],
    caller: number,
  ): Promise<void> => {
    const key = Array.isArray(header) ? '' : header;
    if (!KEY_SHAPE.test(key)) throw fail('idempotencyKeyInvalid');
    const print = fingerprint(request);
    const now = Date.now();
    const expiredBefore = now - IDEMPOTENCY_TTL_MS;
    if (++claimed % PRUNE_EVERY === 0) await repo.prune(expiredBefore);

    let ours = await repo.claim(caller, key, print, now);
    if (!ours) {
      const record = await repo.find(caller, key);
      if (!record) {
        // Given back or pruned in between: claim it again.
        ours = await repo.claim(caller, key, print, now);
        if (!ours) throw fail('idempotencyKeyInProgress');
      } else if (Number(record.created) < expiredBefore) {
        ours = await repo.takeOverExpired(caller, key, print, now, expiredBefore);
        if (!ours) throw fail('idempotencyKeyInProgress');
      } else if (record.fingerprint !== print) {
        throw fail('idempotencyKeyReused');
      } else if (record.state === 'done' && record.status_code !== null) {
        replay(reply, { status: record.status_code, contentType: record.content_type, body: record.body });
        return;
      } else if (record.state === 'failed' || Number(record.created) < now - STALE_PENDING_MS) {
        throw fail('idempotencyKeyOutcomeUnknown');
      } else {
        throw fail('idempotencyKeyInProgress');
      }
    }
    claims.set(request, { principalId: caller, key });
    // The claim is bookkeeping, not the request's work: if the client goes before the work
    // starts, the work is still skipped (db/guarded-dialect.ts) and the key given back (onSend).
    const work = workOf(request);
    if (work) work.wrote = false;
  };

  // Synchronous hooks with an early return: they run on every request, and an async hook costs a
  // promise each.
  app.addHook('preHandler', (request, reply, done) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !WRITE_METHODS.has(request.method)) return done();
    const caller = callerOf(request);
    // Sign-in, registration and the like have no caller to keep a key for.
    if (caller === null) return done();
    claimKey(request, reply, header, caller).then(
      () => {
        // A replayed answer has been sent: the handler does not run.
        if (!reply.sent) done();
      },
      (error: Error) => done(error),
    );
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = claims.get(request);
    if (!claim) return done(null, payload);
    claims.delete(request);
    const status = reply.statusCode;
    const wrote = workOf(request)?.wrote ?? true;
    const contentType = reply.getHeader('content-type');
    // Outside the request's scope: the work is done and its answer is kept even when the client
    // has gone, since a retry of it will come.
    requestWork.exit(async () => {
      try {
        if (status < 500 && status !== 499) {
          await repo.complete(claim.principalId, claim.key, {
            status,
            contentType: typeof contentType === 'string' ? contentType : null,
            body: payloadText(payload),
          });
        } else if (wrote) {
          await repo.markFailed(claim.principalId, claim.key);
        } else {
          await repo.release(claim.principalId, claim.key);
        }
      } catch (error) {
        // The claim stays pending: a retry is refused (409), never done twice.
        request.log.error({ err: error }, 'the answer for an Idempotency-Key was not stored');
      }
      done(null, payload);
    });
  });
}
