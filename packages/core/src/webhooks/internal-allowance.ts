/**
 * The operator's exceptions to the internal-address rule (internal-address.ts), from
 * `ORDO_WEBHOOKS_ALLOW_INTERNAL`: `false` (none, the default), `true` (every internal address),
 * or a comma-separated list of host names, addresses and ranges (`hooks.lan, 10.1.2.0/24, ::1`).
 * A listed name may resolve to any address; a listed address or range lets every target that is,
 * or resolves to, an address in it through.
 */
import { type AddressRange, addressInRange, parseAddressRange } from './internal-address.js';

export interface InternalAllowance {
  all: boolean;
  /** Lower case, without a trailing dot. */
  hosts: string[];
  ranges: AddressRange[];
}

export const NO_INTERNAL_ALLOWANCE: InternalAllowance = { all: false, hosts: [], ranges: [] };

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/** Reads the setting; an entry that is neither a name, an address nor a range is an error. */
export function parseInternalAllowance(
  value: string | undefined,
): { allowance: InternalAllowance } | { error: string } {
  const text = (value ?? '').trim();
  if (/^(|0|false|no|off)$/i.test(text)) return { allowance: NO_INTERNAL_ALLOWANCE };
  if (/^(1|true|yes|on)$/i.test(text)) return { allowance: { all: true, hosts: [], ranges: [] } };
  const allowance: InternalAllowance = { all: false, hosts: [], ranges: [] };
  for (const entry of text.split(/[\s,]+/).filter(Boolean)) {
    const range = /^[0-9a-f:.[\]/]+$/i.test(entry) ? parseAddressRange(entry.replace(/[[\]]/g, '')) : null;
    if (range) {
      allowance.ranges.push(range);
      continue;
    }
    const name = entry.toLowerCase().replace(/\.$/, '');
    if (!HOST_NAME.test(name) || /^[\d.]+$/.test(name)) {
      return { error: `"${entry}" is neither a host name, an IP address nor a range such as 10.0.0.0/8` };
    }
    allowance.hosts.push(name);
  }
  return { allowance };
}

/** Whether the operator lets a webhook to `hostname` connect to the internal `address`. */
export function allowsInternal(allowance: InternalAllowance, hostname: string, address: string): boolean {
  if (allowance.all) return true;
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (allowance.hosts.includes(name)) return true;
  return allowance.ranges.some((range) => addressInRange(address, range));
}
