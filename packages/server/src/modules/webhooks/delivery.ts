/**
 * Sends webhook payloads (reference §3.12): `POST <target_url>` with the JSON body
 * `{"event_name","time","data"}`, `X-Vikunja-Signature` (hex HMAC-SHA256 of the exact body bytes,
 * keyed by the webhook's secret) when it has one, and basic auth when both of its fields are set.
 *
 * Sending never holds up the request that caused the event: `send` returns at once and the POST
 * runs in the background, with a timeout per attempt and a couple of retries after a growing
 * pause. A status of 400 or more, a network error or a timeout counts as a failure; the last one
 * is logged and the event dropped. Redirects are not followed (a 3xx answer counts as delivered),
 * so a target cannot bounce the POST somewhere its owner could not name directly, such as an
 * internal address. Deliveries live in this process only: one that is still retrying when the
 * process stops is lost, as in Vikunja without its queue.
 *
 * The connection goes only to addresses targets.ts allows, checked when it is made: an internal
 * address written in the URL is refused before connecting, and a name is resolved by the guarded
 * lookup the socket itself uses. Such a refusal is logged as a failed delivery and not retried.
 */
import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { nowIso, ORDO_VERSION } from '@ordo/core';
import type { WebhookRow } from '../../db/schema.js';
import { trackJob } from '../metrics/job-metrics.js';
import { webhookRetries } from '../metrics/registry.js';
import { InternalTargetError, type WebhookTargets } from './targets.js';

export interface DeliveryLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface DeliveryOptions {
  timeoutMs: number;
  /** The pause before each retry; its length is the number of retries. */
  retryDelaysMs?: readonly number[];
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000];

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
    /** Where failed deliveries are logged: the server's logger. */
    private readonly log: DeliveryLog,
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /** Starts delivering one event to one webhook and returns at once. */
  send(webhook: WebhookRow, eventName: string, data: unknown): void {
    const body = JSON.stringify({ event_name: eventName, time: nowIso(), data });
    // One run of the webhook_delivery job per event, failed when it was given up on (logged in deliver).
    const delivery = trackJob('webhook_delivery', () => this.deliver(webhook, eventName, body))
      .catch(() => {})
      .finally(() => this.running.delete(delivery));
    this.running.add(delivery);
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

  private async deliver(webhook: WebhookRow, eventName: string, body: string): Promise<void> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': `Ordo/${ORDO_VERSION} (Vikunja-compatible webhooks)`,
    };
    if (webhook.secret) headers['x-vikunja-signature'] = webhookSignature(webhook.secret, body);
    if (webhook.basic_auth_user && webhook.basic_auth_password) {
      const pair = `${webhook.basic_auth_user}:${webhook.basic_auth_password}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
    let problem = '';
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) webhookRetries.inc();
      try {
        const status = await this.post(webhook.target_url, headers, body);
        if (status < 400) return;
        problem = `the target answered ${status}`;
      } catch (error) {
        problem = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        // An internal address stays one: trying again would only knock on the same door.
        if (error instanceof InternalTargetError) break;
      }
      const pause = this.retryDelaysMs[attempt];
      if (pause === undefined || this.stopping) break;
      await new Promise((resolve) => setTimeout(resolve, pause).unref());
      if (this.stopping) break;
    }
    this.log.warn(
      { webhook: webhook.id, event: eventName, target: withoutPassword(webhook.target_url) },
      `A webhook could not be delivered: ${problem}`,
    );
    throw new Error(problem);
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
