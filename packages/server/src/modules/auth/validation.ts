/** Account field rules of spec 1 §5 and reference §2.2, shared by registration and password change. */
import {
  isSupportedLanguage,
  type PasswordOwner,
  TRIVIAL_PASSWORD_MESSAGES,
  trivialPasswordReason,
} from '@ordo/core';
import { isCommonPassword } from './common-passwords.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 72;

/**
 * Problems of a new password: its length in bytes, as bcrypt counts them (72 is bcrypt's input
 * limit), then whether it is trivial for this account or among the most common passwords.
 * Only new passwords are checked; existing ones keep working at login.
 */
export function passwordProblem(field: string, password: string, owner: PasswordOwner = {}): string | null {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes < PASSWORD_MIN || bytes > PASSWORD_MAX) {
    return `${field}: password does not validate as bytelength(${PASSWORD_MIN}|${PASSWORD_MAX})`;
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

/** Something a browser would open as an address: a scheme, or a dotted host name. */
function looksLikeUrl(username: string): boolean {
  return username.includes('://') || /^[^\s.]+\.[a-z]{2,}(\/|$|:)/i.test(username);
}

export function usernameProblem(username: string): string | null {
  if ([...username].length < 3 || [...username].length > 250) {
    return `username: ${username} does not validate as runelength(3|250)`;
  }
  if (username.includes(',')) return `username: ${username} must not contain commas`;
  if (looksLikeUrl(username)) return `username: ${username} must not look like a URL`;
  return null;
}

export function isReservedUsername(username: string): boolean {
  return /^link-share-\d+$/i.test(username) || /^bot-/i.test(username);
}

/** Longest language tag we store (the column holds 50 characters). */
const LANGUAGE_MAX = 50;

export function languageProblem(language: string): string | null {
  if (language.length > LANGUAGE_MAX) return `language: does not validate as runelength(2|${LANGUAGE_MAX})`;
  return isSupportedLanguage(language) ? null : `language: ${language} is not a supported language`;
}

/** IANA zones this runtime knows, plus UTC which Intl lists under Etc. */
export function knownTimezones(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
}

export function isValidTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
