/**
 * Field rules the server and the web app must agree on, written once. Each answers a problem code
 * (or null); the server turns it into its Vikunja-shaped error, the web app into a message.
 *
 * Colours and dates already have their one rule: `colorWithoutHash` (colors/) and
 * `fromApiDate`/`toApiDate` (api-dates.ts); `hexColorForApi` below only adds the trimming.
 */
import { colorWithoutHash } from '../colors/colors.js';
import { runeLength } from '../input/field-limits.js';

/**
 * Passwords are measured in UTF-8 bytes, 8 to 72: bcrypt hashes only the first 72 bytes, so a
 * limit in characters would accept a password whose end is silently ignored (72 characters of a
 * three-byte script are 216 bytes). It is Vikunja's rule too (`bytelength(8|72)`). For ASCII,
 * bytes and characters are the same count.
 */
export const PASSWORD_MIN_BYTES = 8;
export const PASSWORD_MAX_BYTES = 72;

/** The length of a text in UTF-8 bytes, without encoding it. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export type PasswordLengthProblem = 'tooShort' | 'tooLong';

export function passwordLengthProblem(password: string): PasswordLengthProblem | null {
  const bytes = utf8ByteLength(password);
  if (bytes < PASSWORD_MIN_BYTES) return 'tooShort';
  if (bytes > PASSWORD_MAX_BYTES) return 'tooLong';
  return null;
}

/** Usernames: 3–250 characters (code points), Vikunja's `runelength(3|250)`. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 250;

/**
 * What is wrong with a new username, in the order the server reports it: whitespace (1022), a
 * reserved name (1026: link-share pseudo-users and bots), then the field checks (412).
 */
export type UsernameProblem = 'spaces' | 'reserved' | 'length' | 'comma' | 'url';

export function usernameProblem(username: string): UsernameProblem | null {
  if (/\s/.test(username)) return 'spaces';
  if (isReservedUsername(username)) return 'reserved';
  const length = runeLength(username);
  if (length < USERNAME_MIN || length > USERNAME_MAX) return 'length';
  if (username.includes(',')) return 'comma';
  if (looksLikeUrl(username)) return 'url';
  return null;
}

/** `link-share-<n>` names a link share's pseudo-user, `bot-…` a bot account. */
export function isReservedUsername(username: string): boolean {
  return /^link-share-\d+$/i.test(username) || /^bot-/i.test(username);
}

/**
 * Something a browser would open as an address: a scheme, or a host name of dotted labels that
 * ends in a top-level domain (`ada.example`, `www.foo.org`, `shop.example.com/cart`).
 */
function looksLikeUrl(username: string): boolean {
  return username.includes('://') || /^[^\s./:]+(\.[^\s./:]+)*\.[a-z]{2,}([/:?#]|$)/i.test(username);
}

const knownZones = new Set<string>();

/**
 * Is this a time zone the runtime knows (an IANA name such as `Europe/Berlin`, or `UTC`)? Zones
 * that passed are remembered: building a formatter costs far more than the lookup.
 */
export function isTimeZone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  knownZones.add(zone);
  return true;
}

/** The IANA zones this runtime lists, plus UTC which Intl lists only under Etc. */
export function timeZoneNames(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

/** A colour as the API stores it: trimmed, without `#`, at most six characters. */
export function hexColorForApi(value: string | null | undefined): string {
  return colorWithoutHash((value ?? '').trim());
}

/** Titles (tasks, projects, views, labels, buckets): 1–250 characters. */
export type TitleProblem = 'empty' | 'tooLong';

export function titleProblem(title: string): TitleProblem | null {
  if (title.length === 0) return 'empty';
  if (runeLength(title) > 250) return 'tooLong';
  return null;
}
