/** Two-factor authentication calls (reference §2.2 "TOTP"). */
import { isApiRequestError } from './api-error';
import { apiFetch, apiRequest } from './client';
import type { Message } from './types';

export interface TwoFactorStatus {
  secret: string;
  enabled: boolean;
  url: string;
}

const NOT_ENROLLED = 1016;

/** The status, or null when the user has not enrolled. */
export async function fetchTwoFactor(): Promise<TwoFactorStatus | null> {
  try {
    return await apiRequest<TwoFactorStatus>('GET', '/user/settings/totp');
  } catch (error) {
    if (isApiRequestError(error) && error.code === NOT_ENROLLED) return null;
    throw error;
  }
}

export function enrollTwoFactor(): Promise<TwoFactorStatus> {
  return apiRequest('POST', '/user/settings/totp/enroll');
}

export function enableTwoFactor(passcode: string): Promise<Message> {
  return apiRequest('POST', '/user/settings/totp/enable', { body: { passcode } });
}

export function disableTwoFactor(password: string): Promise<Message> {
  return apiRequest('POST', '/user/settings/totp/disable', { body: { password } });
}

export async function twoFactorQrCode(): Promise<Blob> {
  return (await apiFetch('/user/settings/totp/qrcode')).blob();
}
