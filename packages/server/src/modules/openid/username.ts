/**
 * The username someone signing in through an OpenID Connect provider gets on their first visit:
 * their `preferred_username`, else the local part of their e-mail address. It follows the rules
 * usernames live by here: no whitespace or commas (user searches split on them), not a reserved
 * `bot-…` or `link-share-<n>` name, at most 250 characters. When the name is taken, a number is
 * appended: ada, ada2, ada3…
 */
import { isReservedUsername } from '../auth/validation.js';

const MAX_LENGTH = 250;

function clip(name: string, length: number): string {
  return [...name].slice(0, length).join('');
}

export function providerUsername(preferredUsername: string, email: string): string {
  const wanted = preferredUsername.trim() || email.slice(0, email.lastIndexOf('@')).trim();
  // Control characters, whitespace and commas become dashes; a name of nothing but those is "user".
  let name = wanted.replace(/[\s,\p{Cc}]+/gu, '-').replace(/^-+|-+$/g, '') || 'user';
  if (isReservedUsername(name)) name = `user-${name}`;
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
