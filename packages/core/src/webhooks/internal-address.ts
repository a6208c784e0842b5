/**
 * Which addresses a webhook must not reach unless the operator allows it: this host (loopback,
 * the unspecified address), private and link-local networks (with the cloud metadata service at
 * 169.254.169.254), shared carrier-grade NAT space, multicast, broadcast and reserved ranges, in
 * IPv4 and IPv6, including IPv6 forms that carry an IPv4 address (mapped, compatible, translated,
 * NAT64, 6to4), which are judged by that IPv4 address.
 *
 * IPv4 is read the way the WHATWG URL parser reads a host (`new URL`): `2130706433`, `0177.0.0.1`,
 * `0x7f.1` and `127.1` are all 127.0.0.1, so no spelling slips past the rule. Core has no `URL` or
 * `net` (it runs without DOM or Node types), so addresses are parsed here by hand.
 */

export type InternalAddressKind =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

export interface IpAddress {
  version: 4 | 6;
  /** 4 or 16 bytes, network order. */
  bytes: number[];
}

/** An address and how many leading bits of it a range fixes (`10.0.0.0/8`, `fd00::/8`). */
export interface AddressRange extends IpAddress {
  prefix: number;
}

/** A part of a URL-style IPv4 host: decimal, octal with a leading 0, or hex with 0x. */
function ipv4Number(part: string): number | null {
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(digits)) {
    digits = digits.slice(2);
    radix = 16;
  } else if (digits.length > 1 && digits.startsWith('0')) {
    digits = digits.slice(1);
    radix = 8;
  }
  if (digits === '') return radix === 10 ? null : 0;
  const pattern = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!pattern.test(digits)) return null;
  return Number.parseInt(digits, radix);
}

/** IPv4 as the URL parser reads a host: one to four parts, the last filling the bytes left. */
function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = ipv4Number(part);
    if (n === null) return null;
    numbers.push(n);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  return [
    Math.floor(value / 2 ** 24) % 256,
    Math.floor(value / 2 ** 16) % 256,
    Math.floor(value / 256) % 256,
    value % 256,
  ];
}

/** IPv6, with or without brackets and a zone (`%eth0`), an IPv4 tail allowed. */
function parseIpv6(text: string): number[] | null {
  let body = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  body = body.replace(/%.*$/, '');
  if (!body.includes(':')) return null;
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    const pieces = half.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(piece)) return null;
        const v4 = piece.split('.').map(Number);
        if (v4.some((n) => n > 255)) return null;
        out.push(v4[0] * 256 + v4[1], v4[2] * 256 + v4[3]);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(piece)) return null;
        out.push(Number.parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return all.flatMap((g) => [g >> 8, g & 255]);
}

/** An IPv4 or IPv6 address, or null for anything else (a host name). */
export function parseIpAddress(text: string): IpAddress | null {
  const v6 = parseIpv6(text);
  if (v6) return { version: 6, bytes: v6 };
  const v4 = parseIpv4(text);
  return v4 ? { version: 4, bytes: v4 } : null;
}

function startsWith(bytes: readonly number[], prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const left = Math.min(8, bits - bit);
    const mask = (0xff << (8 - left)) & 0xff;
    if ((bytes[bit / 8] & mask) !== (prefix[bit / 8] & mask)) return false;
  }
  return true;
}

const IPV4_RANGES: [number[], number, InternalAddressKind][] = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'reserved'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'reserved'],
  [[203, 0, 113, 0], 24, 'reserved'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[255, 255, 255, 255], 32, 'broadcast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

function ipv4Kind(bytes: readonly number[]): InternalAddressKind | null {
  return IPV4_RANGES.find(([prefix, bits]) => startsWith(bytes, prefix, bits))?.[2] ?? null;
}

const hex = (text: string) => parseIpv6(text) as number[];
/** IPv6 prefixes whose last (or, for 6to4, second and third) 32 bits are an IPv4 address. */
const EMBEDDING_V4: [number[], number, number][] = [
  [hex('::ffff:0:0'), 96, 12], // IPv4-mapped
  [hex('::ffff:0:0:0'), 96, 12], // IPv4-translated (SIIT)
  [hex('64:ff9b::'), 96, 12], // NAT64, well-known prefix
  [hex('::'), 96, 12], // IPv4-compatible (deprecated)
  [hex('2002::'), 16, 2], // 6to4
];
const IPV6_RANGES: [number[], number, InternalAddressKind][] = [
  [hex('64:ff9b:1::'), 48, 'private'], // NAT64 for local use
  [hex('fc00::'), 7, 'private'], // unique local
  [hex('fec0::'), 10, 'private'], // site-local (deprecated)
  [hex('fe80::'), 10, 'link-local'],
  [hex('ff00::'), 8, 'multicast'],
  [hex('2001::'), 23, 'reserved'], // IETF protocol assignments, Teredo among them
  [hex('2001:db8::'), 32, 'reserved'], // documentation
  [hex('3fff::'), 20, 'reserved'], // documentation
];

function ipv6Kind(bytes: readonly number[]): InternalAddressKind | null {
  if (bytes.every((b) => b === 0)) return 'unspecified';
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1) return 'loopback';
  for (const [prefix, bits, at] of EMBEDDING_V4) {
    if (startsWith(bytes, prefix, bits)) return ipv4Kind(bytes.slice(at, at + 4));
  }
  const listed = IPV6_RANGES.find(([prefix, bits]) => startsWith(bytes, prefix, bits));
  if (listed) return listed[2];
  // Only 2000::/3 is handed out for the Internet; the rest is reserved.
  return (bytes[0] & 0xe0) === 0x20 ? null : 'reserved';
}

/** Why an address is internal, or null when it is a public one (or not an address at all). */
export function internalAddressKind(address: string | IpAddress): InternalAddressKind | null {
  const ip = typeof address === 'string' ? parseIpAddress(address) : address;
  if (!ip) return null;
  return ip.version === 4 ? ipv4Kind(ip.bytes) : ipv6Kind(ip.bytes);
}

/**
 * Why a URL's host is internal before any lookup: an internal address, or `localhost` and the
 * names below it, which always mean this host (RFC 6761). Other names need resolving.
 */
export function internalHostKind(hostname: string): InternalAddressKind | null {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return 'loopback';
  return internalAddressKind(hostname);
}

/** `10.0.0.0/8`, `fd00::/8`, or one address (a range of one). Null when it is neither. */
export function parseAddressRange(text: string): AddressRange | null {
  const [address, bits, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const ip = parseIpAddress(address);
  if (!ip) return null;
  const max = ip.version === 4 ? 32 : 128;
  if (bits === undefined) return { ...ip, prefix: max };
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return { ...ip, prefix: Number(bits) };
}

/** An IPv4 address an IPv6 one stands for (`::ffff:a.b.c.d`), so IPv4 ranges match it too. */
function unmapped(ip: IpAddress): IpAddress {
  if (ip.version === 6 && startsWith(ip.bytes, EMBEDDING_V4[0][0], 96)) {
    return { version: 4, bytes: ip.bytes.slice(12) };
  }
  return ip;
}

export function addressInRange(address: string | IpAddress, range: AddressRange): boolean {
  const parsed = typeof address === 'string' ? parseIpAddress(address) : address;
  if (!parsed) return false;
  const ip = unmapped(parsed);
  return ip.version === range.version && startsWith(ip.bytes, range.bytes, range.prefix);
}
