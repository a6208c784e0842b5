/** Account field rules of spec 1 §5 and reference §2.2, shared by registration and password change. */
import {
  isSupportedLanguage,
  PASSWORD_MAX_BYTES,
  PASSWORD_MIN_BYTES,
  type PasswordOwner,
  passwordLengthProblem,
  TRIVIAL_PASSWORD_MESSAGES,
  trivialPasswordReason,
  USERNAME_MAX,
  USERNAME_MIN,
  usernameProblem as usernameRule,
} from '@ordo/core';
import { isCommonPassword } from './common-passwords.js';

/**
 * Problems of a new password: its length (core's rule, in bytes as bcrypt reads them), then
 * whether it is trivial for this account or among the most common passwords. Only new passwords
 * are checked; existing ones keep working at login.
 */
export function passwordProblem(field: string, password: string, owner: PasswordOwner = {}): string | null {
  if (passwordLengthProblem(password)) {
    return `${field}: password does not validate as bytelength(${PASSWORD_MIN_BYTES}|${PASSWORD_MAX_BYTES})`;
  }
  const trivial = trivialPasswordReason(password, owner);
  if (trivial) return `${field}: ${TRIVIAL_PASSWORD_MESSAGES[trivial]}`;
  if (isCommonPassword(password)) return `${field}: the password is one of the most common passwords`;
  return null;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function emailProblem(email: string): string | null {
  return EMAIL.test(email) && email.length <= 250 ? null : `email: ${email} does not validate as email`;
}

/**
 * The 412 field problem of a username (length, comma, address-like). Whitespace (1022) and
 * reserved names (1026) have their own error codes, which the caller answers first.
 */
export function usernameProblem(username: string): string | null {
  switch (usernameRule(username)) {
    case 'length':
      return `username: ${username} does not validate as runelength(${USERNAME_MIN}|${USERNAME_MAX})`;
    case 'comma':
      return `username: ${username} must not contain commas`;
    case 'url':
      return `username: ${username} must not look like a URL`;
    default:
      return null;
  }
}

/** Longest language tag we store (the column holds 50 characters). */
const LANGUAGE_MAX = 50;

export function languageProblem(language: string): string | null {
  if (language.length > LANGUAGE_MAX) return `language: does not validate as runelength(2|${LANGUAGE_MAX})`;
  return isSupportedLanguage(language) ? null : `language: ${language} is not a supported language`;
}
