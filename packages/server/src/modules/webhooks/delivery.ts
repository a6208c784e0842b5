/**
 * Sends webhook payloads (reference §3.12): `POST <target_url>` with the JSON body
 * `{"event_name","time","data"}`, `X-Vikunja-Signature` (hex HMAC-SHA256 of the exact body bytes,
 * keyed by the webhook's secret) when it has one, and basic auth when both of its fields are set.
 *
 * Sending never holds up the request that caused the event: `send` returns at once and the first
 * POST runs in the background, with a timeout. A status of 400 or more, a network error or a
 * timeout counts as a failure. A failed delivery waits for its retries in the database
 * (webhook_retries, after 1 s, 5 s, 1 min and 10 min): `retryDue` sends those that are due, run
 * every second by the process leading the webhook_retries job (app.ts), so a retry outlives the
 * process that raised the event and runs once across servers; after the last one the failure is
 * logged and the event dropped. Redirects are not followed (a 3xx answer counts as delivered), so
 * a target cannot bounce the POST somewhere its owner could not name directly, such as an internal
 * address.
 *
 * The connection goes only to addresses targets.ts allows, checked when it is made: an internal
 * address written in the URL is refused before connecting, and a name is resolved by the guarded
 * lookup the socket itself uses. Such a refusal is logged as a failed delivery and not retried.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { nowIso, ORDO_VERSION } from '@ordo/core';
import type { WebhookRetryRow, WebhookRow } from '../../db/schema.js';
import { jobFailedLater, startJob } from '../metrics/job-metrics.js';
import { webhookRetries } from '../metrics/registry.js';
import type { WebhooksRepo } from './repo.js';
import type { WebhookRetriesRepo } from './retries-repo.js';
import { InternalTargetError, type WebhookTargets } from './targets.js';

export interface DeliveryLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface DeliveryOptions {
  timeoutMs: number;
  /** The pause before each retry; its length is the number of retries. */
  retryDelaysMs?: readonly number[];
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 60_000, 600_000];
/** Retries sent per round of `retryDue`. */
const RETRY_BATCH = 50;

/** The outcome of one attempt: delivered, or why not and whether trying again could help. */
type Attempt = { ok: true } | { ok: false; problem: string; final: boolean };

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

export function webhookSignature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export class WebhookSender {
  private readonly running = new Set<Promise<void>>();
  private stopping = false;
  private readonly retryDelaysMs: readonly number[];

  constructor(
    private readonly options: DeliveryOptions,
    private readonly targets: WebhookTargets,
    private readonly webhooks: WebhooksRepo,
    private readonly retries: WebhookRetriesRepo,
    /** Where failed deliveries are logged: the server's logger. */
    private readonly log: DeliveryLog,
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /** Starts delivering one event to one webhook and returns at once. */
  send(webhook: WebhookRow, eventName: string, data: unknown): void {
    const body = JSON.stringify({ event_name: eventName, time: nowIso(), data });
    // One run of the webhook_delivery job per event; failed when its last retry fails.
    const run = startJob('webhook_delivery');
    const delivery = this.attempt(webhook, body)
      .then(async (outcome) => {
        if (outcome.ok) return;
        const pause = this.retryDelaysMs[0];
        if (outcome.final || pause === undefined) return this.giveUp(webhook, eventName, outcome.problem);
        await this.retries.schedule({
          webhookId: webhook.id,
          eventName,
          body,
          attempts: 1,
          dueAt: later(pause),
        });
      })
      .catch((error: Error) => this.log.warn({ webhook: webhook.id, event: eventName }, error.message))
      .finally(() => {
        run.end();
        this.running.delete(delivery);
      });
    this.running.add(delivery);
  }

  /**
   * Sends the retries that are due, each claimed for longer than an attempt can take, so no other
   * process sends it meanwhile; a failed one waits for its next pause, or is given up.
   */
  async retryDue(): Promise<void> {
    if (this.stopping) return;
    const now = nowIso();
    if (!(await this.retries.anyDue(now))) return;
    const claimed = await this.retries.claimDue(now, later(this.options.timeoutMs + 30_000), RETRY_BATCH);
    await Promise.all(claimed.map((retry) => this.retry(retry)));
  }

  /** Stops retrying and waits (at most `graceMs`) for the deliveries under way. */
  async stop(graceMs: number): Promise<void> {
    this.stopping = true;
    await this.settled(graceMs);
  }

  /** Resolves when every delivery under way has finished, or after `graceMs`. */
  async settled(graceMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
      timer.unref();
    });
    await Promise.race([Promise.allSettled([...this.running]), timeout]);
    clearTimeout(timer);
  }

  private async retry(retry: WebhookRetryRow): Promise<void> {
    const webhook = await this.webhooks.find(retry.webhook_id);
    // A webhook deleted meanwhile takes its retries with it; one mid-flight is simply dropped.
    if (!webhook) return this.retries.remove(retry.id);
    webhookRetries.inc();
    const outcome = await this.attempt(webhook, retry.body);
    if (outcome.ok) return this.retries.remove(retry.id);
    const pause = this.retryDelaysMs[retry.attempts];
    if (outcome.final || pause === undefined) {
      await this.retries.remove(retry.id);
      jobFailedLater('webhook_delivery');
      return this.giveUp(webhook, retry.event_name, outcome.problem);
    }
    await this.retries.reschedule(retry.id, retry.attempts + 1, later(pause));
  }

  private giveUp(webhook: WebhookRow, eventName: string, problem: string): void {
    this.log.warn(
      { webhook: webhook.id, event: eventName, target: withoutPassword(webhook.target_url) },
      `A webhook could not be delivered: ${problem}`,
    );
  }

  private async attempt(webhook: WebhookRow, body: string): Promise<Attempt> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': `Ordo/${ORDO_VERSION} (Vikunja-compatible webhooks)`,
    };
    if (webhook.secret) headers['x-vikunja-signature'] = webhookSignature(webhook.secret, body);
    if (webhook.basic_auth_user && webhook.basic_auth_password) {
      const pair = `${webhook.basic_auth_user}:${webhook.basic_auth_password}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
    try {
      const status = await this.post(webhook.target_url, headers, body);
      return status < 400
        ? { ok: true }
        : { ok: false, problem: `the target answered ${status}`, final: false };
    } catch (error) {
      const problem = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      // An internal address stays one: trying again would only knock on the same door.
      return { ok: false, problem, final: error instanceof InternalTargetError };
    }
  }

  /** One POST; answers the status. Nothing is followed, and the answer's body is thrown away. */
  private post(target: string, headers: Record<string, string>, body: string): Promise<number> {
    const url = new URL(target);
    const refused = this.targets.literalRefusal(url);
    if (refused) return Promise.reject(refused);
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const outgoing = request(
        url,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          // A fresh connection each time, so each one is looked up and checked.
          agent: false,
          lookup: this.targets.lookupForConnect,
          signal: AbortSignal.timeout(this.options.timeoutMs),
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
}

/** The target for the log: a password in the URL is the webhook owner's, not the log reader's. */
function withoutPassword(target: string): string {
  if (!URL.canParse(target)) return target;
  const url = new URL(target);
  if (!url.password) return target;
  url.password = '***';
  return url.toString();
}
