/**
 * The e-mail confirmation token of a mailed link (spec 1 §3, §4 "userEmailConfirm"): kept locally
 * until the login page has sent it to the server.
 */
const STORAGE_KEY = 'emailConfirmToken';

export function storeEmailConfirmToken(token: string): void {
  localStorage.setItem(STORAGE_KEY, token);
}

export function pendingEmailConfirmToken(): string | null {
  return localStorage.getItem(STORAGE_KEY) || null;
}

export function clearEmailConfirmToken(): void {
  localStorage.removeItem(STORAGE_KEY);
}
