/**
 * Field rules for registration and password change (spec 1 §5): core's rules, the ones the server
 * checks. Each returns the i18n key of the problem, or null when the value is fine.
 */
import {
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_BYTES,
  passwordLengthProblem,
  type UsernameProblem,
  usernameProblem as usernameRule,
} from '@ordo/core';

/** Bytes, as bcrypt reads them; for the usual (ASCII) password that is its character count. */
export const PASSWORD_MIN_LENGTH = PASSWORD_MIN_BYTES;
export const PASSWORD_MAX_LENGTH = PASSWORD_MAX_BYTES;
/** Validation waits this long after a field loses focus (spec 1 §9). */
export const VALIDATION_DELAY_MS = 100;

const USERNAME_PROBLEM_KEYS: Record<UsernameProblem, string> = {
  spaces: 'auth.validation.usernameSpaces',
  reserved: 'auth.validation.usernameReserved',
  length: 'auth.validation.usernameLength',
  comma: 'auth.validation.usernameComma',
  url: 'auth.validation.usernameUrl',
};

/**
 * A new account's username: the server's rules, and no dot (spec 1 §5: "no '://' and no dot at
 * registration"). The API takes dotted names, as Vikunja's does, so accounts made elsewhere (an
 * import, LDAP, OpenID) keep theirs; only the registration form asks for a name without one.
 */
export function usernameProblem(username: string): string | null {
  if (!username.trim()) return 'auth.validation.usernameRequired';
  const problem = usernameRule(username);
  if (problem) return USERNAME_PROBLEM_KEYS[problem];
  return username.includes('.') ? 'auth.validation.usernameDot' : null;
}

export function emailProblem(email: string): string | null {
  return /^[^\s@]+@[^\s@]+$/.test(email.trim()) ? null : 'auth.validation.emailInvalid';
}

export function passwordProblem(password: string): string | null {
  if (!password) return 'auth.validation.passwordRequired';
  const problem = passwordLengthProblem(password);
  if (problem === 'tooShort') return 'auth.validation.passwordTooShort';
  if (problem === 'tooLong') return 'auth.validation.passwordTooLong';
  return null;
}

export function confirmationProblem(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'auth.validation.passwordsDiffer';
}
