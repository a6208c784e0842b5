/**
 * The 49,000 most common passwords of zxcvbn-ts's common list (leaked-password corpora), so a
 * new password that an attacker would try among the first guesses is refused. Loaded on the
 * first check, not at start, since most processes never set a password.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
