/**
 * The username an account signing in elsewhere (a directory, an OpenID provider) gets in Ordo
 * on its first visit, from the name that side offers. It follows the rules usernames live by
 * here: no whitespace, commas or control characters (user searches split on commas), not a
 * reserved `bot-…` or `link-share-<n>` name, at most 250 characters. When the name is taken, a
 * number is appended: ada, ada2, ada3…
 */
import { isReservedUsername } from '@ordo/core';

const MAX_LENGTH = 250;

function clip(name: string, length: number): string {
  return [...name].slice(0, length).join('');
}

/** `wanted` made into a username; a reserved one gets `reservedPrefix` in front (`ldap-bot-x`). */
export function externalUsername(wanted: string, reservedPrefix: string): string {
  // Control characters, whitespace and commas become dashes; a name of nothing but those is "user".
  let name =
    wanted
      .trim()
      .replace(/[\s,\p{Cc}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'user';
  if (isReservedUsername(name)) name = `${reservedPrefix}${name}`;
  return clip(name, MAX_LENGTH);
}

/** The name itself, then the name with 2, 3, … appended, each within the length limit. */
export function* usernameCandidates(base: string): Generator<string> {
  yield base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    yield clip(base, MAX_LENGTH - suffix.length) + suffix;
  }
}
