/**
 * Field rules for registration and password change (spec 1 §5). Each returns the i18n key of
 * the problem, or null when the value is fine.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 72;
/** Validation waits this long after a field loses focus (spec 1 §9). */
export const VALIDATION_DELAY_MS = 100;

export function usernameProblem(username: string): string | null {
  if (!username.trim()) return 'auth.validation.usernameRequired';
  if (/\s/.test(username)) return 'auth.validation.usernameSpaces';
  if (username.includes('://') || username.includes('.')) return 'auth.validation.usernameUrl';
  return null;
}

export function emailProblem(email: string): string | null {
  return /^[^\s@]+@[^\s@]+$/.test(email.trim()) ? null : 'auth.validation.emailInvalid';
}

/** Counts characters (code points) as a user would, not UTF-16 units. */
export function passwordProblem(password: string): string | null {
  if (!password) return 'auth.validation.passwordRequired';
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'auth.validation.passwordTooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'auth.validation.passwordTooLong';
  return null;
}

export function confirmationProblem(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'auth.validation.passwordsDiffer';
}
