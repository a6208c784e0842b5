/**
 * The username a directory user gets in Ordo on their first login. It comes from the entry's
 * username attribute (the login name when the entry has none) and follows the rules usernames
 * live by here: no whitespace and no commas (user searches split on them), not a reserved
 * `bot-…` or `link-share-<n>` name, at most 250 characters. When a local account already holds
 * it, a number is appended: alice, alice2, alice3…
 */
import { isReservedUsername } from './validation.js';

const MAX_LENGTH = 250;

function clip(name: string, length: number): string {
  return [...name].slice(0, length).join('');
}

export function directoryUsername(attributeValue: string, login: string): string {
  let name = (attributeValue.trim() || login.trim()).replace(/[\s,]+/g, '-');
  if (isReservedUsername(name)) name = `ldap-${name}`;
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
