import { apiRequest } from './client';
import type { Message, User } from './types';

export interface LoginInput {
  username: string;
  password: string;
  longToken: boolean;
  totpPasscode?: string;
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  language: string;
}

export function login(input: LoginInput): Promise<{ token: string }> {
  return apiRequest('POST', '/login', { body: input });
}

export function register(input: RegisterInput): Promise<User> {
  return apiRequest('POST', '/register', { body: input });
}

/** `oidcLogoutUrl`: where the session's OpenID Connect provider signs out, for its accounts. */
export function logout(): Promise<Message & { oidcLogoutUrl?: string }> {
  return apiRequest('POST', '/user/logout');
}

export function renewToken(): Promise<{ token: string }> {
  return apiRequest('POST', '/user/token');
}

/** Mails a password-reset link to the account with this address. */
export function requestPasswordReset(email: string): Promise<Message> {
  return apiRequest('POST', '/user/password/token', { body: { email } });
}

/** Sets a new password with the token of a mailed reset link. */
export function resetPassword(token: string, newPassword: string): Promise<Message> {
  return apiRequest('POST', '/user/password/reset', { body: { token, newPassword } });
}

/** Confirms an account's e-mail address with the token of the mailed link. */
export function confirmEmail(token: string): Promise<Message> {
  return apiRequest('POST', '/user/confirm', { body: { token } });
}
