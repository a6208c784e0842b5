/**
 * Passwords too easy to guess whatever list of common passwords is consulted: the account's own
 * username or e-mail address, one character repeated, or a run of neighbouring characters
 * ("12345678", "abcdefgh", "87654321"). The server also checks a list of common passwords.
 */

export type TrivialPasswordReason = 'matches-account' | 'repeated-character' | 'sequence';

export interface PasswordOwner {
  username?: string;
  email?: string;
}

/** The reason the password is trivial, or null when it is not. Case is ignored throughout. */
export function trivialPasswordReason(
  password: string,
  owner: PasswordOwner = {},
): TrivialPasswordReason | null {
  const folded = password.toLowerCase();
  const email = owner.email?.trim().toLowerCase() ?? '';
  const accountNames = [owner.username?.toLowerCase() ?? '', email, email.split('@')[0] ?? ''];
  if (accountNames.some((name) => name !== '' && folded === name)) return 'matches-account';
  const chars = [...folded];
  if (chars.length === 0) return null;
  if (chars.every((c) => c === chars[0])) return 'repeated-character';
  if (isRun(chars, 1) || isRun(chars, -1)) return 'sequence';
  return null;
}

/** Every character is the previous one's code point plus `step`. */
function isRun(chars: string[], step: 1 | -1): boolean {
  for (let i = 1; i < chars.length; i++) {
    if ((chars[i]?.codePointAt(0) ?? 0) - (chars[i - 1]?.codePointAt(0) ?? 0) !== step) return false;
  }
  return true;
}

/** What the user is told, per reason (the server sends it as the field's problem). */
export const TRIVIAL_PASSWORD_MESSAGES: Record<TrivialPasswordReason, string> = {
  'matches-account': 'the password must not be the username or the e-mail address',
  'repeated-character': 'the password must not be one character repeated',
  sequence: 'the password must not be a run of consecutive characters such as 12345678 or abcdefgh',
};
