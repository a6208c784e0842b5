import { apiRequest } from './client';
import type { CurrentUser, Message, UserSettings } from './types';

export function fetchCurrentUser(): Promise<CurrentUser> {
  return apiRequest('GET', '/user');
}

export function fetchGeneralSettings(): Promise<UserSettings> {
  return apiRequest('GET', '/user/settings/general');
}

/** Full replace; `language: null` keeps the stored language (demo mode sends it so). */
export function saveGeneralSettings(settings: Omit<UserSettings, 'language'> & { language: string | null }) {
  return apiRequest<Message>('POST', '/user/settings/general', { body: settings });
}

export function changePassword(oldPassword: string, newPassword: string): Promise<Message> {
  return apiRequest('POST', '/user/password', { body: { oldPassword, newPassword } });
}

export function fetchTimezones(): Promise<string[]> {
  return apiRequest('GET', '/user/timezones');
}
