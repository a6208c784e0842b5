/**
 * Keeps webhooks away from internal addresses (core's internal-address.ts) unless the operator
 * allows them (`ORDO_WEBHOOKS_ALLOW_INTERNAL`), twice:
 *
 * - when a webhook is created or changed, a target that is an internal address, or a name that
 *   resolves to nothing but internal addresses, is refused with 400 (30030);
 * - when a payload is sent, the addresses the target's name resolves to are checked in the lookup
 *   the connection itself uses (`lookupForConnect`), so a name that pointed elsewhere at creation
 *   and now points inside (DNS rebinding) is caught: internal addresses are dropped, and with none
 *   left the connection fails.
 *
 * Names are resolved as the operating system does (`dns.lookup`, so /etc/hosts counts); tests
 * put a resolver of their own in with `useLookup`.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import {
  allowsInternal,
  type InternalAllowance,
  internalAddressKind,
  internalHostKind,
  parseIpAddress,
} from '@ordo/core';
import { fail, invalidFields } from '../../http/api-error.js';

/** All addresses a name resolves to. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

type ConnectLookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** The shape of `net.connect`'s `lookup` option. */
export type ConnectLookup = (
  hostname: string,
  options: LookupOptions,
  callback: ConnectLookupCallback,
) => void;

const systemResolveAll: ResolveAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/** How long creating a webhook waits for its name to resolve before leaving it to delivery. */
const CREATE_LOOKUP_MS = 5_000;

/** Thrown when a delivery would reach an internal address; such a delivery is not retried. */
export class InternalTargetError extends Error {
  override readonly name = 'InternalTargetError';
  readonly code = 'EWEBHOOKINTERNAL';
}

export class WebhookTargets {
  private resolveAll: ResolveAll = systemResolveAll;

  constructor(private readonly allowance: InternalAllowance) {}

  /** Resolves names with this instead of the system resolver (tests). */
  useLookup(resolveAll: ResolveAll): void {
    this.resolveAll = resolveAll;
  }

  /**
   * Refuses (400, 30030) a target that is an internal address or `localhost`, or a name that
   * resolves only to internal addresses. A name that does not resolve now is accepted: delivery
   * checks again each time it connects.
   */
  async demandReachable(targetUrl: string): Promise<void> {
    // What the URL parser makes of the host is what delivery connects to (`127.1` is 127.0.0.1).
    const hostname = URL.canParse(targetUrl) ? new URL(targetUrl).hostname : null;
    if (hostname === null) throw invalidFields(['target_url']);
    const refuse = () => fail('webhookTargetInternal', [hostname]);
    if (parseIpAddress(hostname)) {
      if (this.refused(hostname, bare(hostname))) throw refuse();
      return;
    }
    if (this.allowance.all) return;
    const addresses = await this.resolveWithin(hostname, CREATE_LOOKUP_MS);
    // `localhost` stays this host even when it does not resolve here.
    const inside =
      addresses.length > 0
        ? addresses.every((a) => this.refused(hostname, a.address))
        : this.refused(hostname, hostname);
    if (inside) throw refuse();
  }

  /**
   * Why a delivery may not connect to the URL's host when it is written as an address (a
   * connection to an address skips the lookup below), or null.
   */
  literalRefusal(url: URL): InternalTargetError | null {
    const hostname = url.hostname;
    if (!parseIpAddress(hostname)) return null;
    return this.refused(hostname, bare(hostname)) ? this.error(hostname) : null;
  }

  /**
   * The `lookup` for the delivery's connection: resolves the name, drops the internal addresses
   * the operator does not allow, and fails when none are left. Connecting only to what this
   * answers is what catches a name that turned internal after the webhook was created.
   */
  readonly lookupForConnect: ConnectLookup = (hostname, options, callback) => {
    this.resolveAll(hostname).then(
      (addresses) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const usable = addresses.filter(
          (a) => (!family || a.family === family) && !this.refused(hostname, a.address),
        );
        if (usable.length === 0) {
          callback(addresses.length > 0 ? this.error(hostname) : notFound(hostname), '');
        } else if (options.all) {
          callback(null, usable);
        } else {
          callback(null, usable[0].address, usable[0].family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };

  private refused(hostname: string, address: string): boolean {
    const kind = internalHostKind(hostname) ?? internalAddressKind(address);
    return kind !== null && !allowsInternal(this.allowance, hostname, address);
  }

  private error(hostname: string): InternalTargetError {
    return new InternalTargetError(`${hostname} is an internal address, which webhooks may not reach`);
  }

  private async resolveWithin(hostname: string, ms: number): Promise<LookupAddress[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<LookupAddress[]>((resolve) => {
      timer = setTimeout(() => resolve([]), ms);
      timer.unref();
    });
    try {
      return await Promise.race([this.resolveAll(hostname).catch(() => []), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** An IPv6 host without the brackets URLs put around it. */
function bare(hostname: string): string {
  return hostname.replace(/^\[|\]$/g, '');
}

function notFound(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}
