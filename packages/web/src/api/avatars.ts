/** Avatar calls (spec 1 §7, reference §2.3). */
import type { AvatarProvider } from '@ordo/core';
import { apiFetch, apiRequest } from './client';
import type { Message } from './types';

/** Every avatar query starts with this; with a username, every size of that user's avatar. */
export const avatarKeys = {
  all: ['avatar'] as const,
  ofUser: (username: string) => ['avatar', username] as const,
  image: (username: string, size: number) => ['avatar', username, size] as const,
  provider: ['user', 'settings', 'avatar'] as const,
};

/**
 * The avatar as a data: URL, so it can sit in the query cache without object URLs to release.
 * The server answers `no-cache` with an ETag, so the browser revalidates (a 304 when unchanged).
 */
export async function fetchAvatar(username: string, size: number, signal?: AbortSignal): Promise<string> {
  const response = await apiFetch(`/avatar/${encodeURIComponent(username)}?size=${size}`, {
    signal,
    cache: 'no-cache',
  });
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

export async function fetchAvatarProvider(): Promise<AvatarProvider> {
  return (await apiRequest<{ avatarProvider: AvatarProvider }>('GET', '/user/settings/avatar'))
    .avatarProvider;
}

export function saveAvatarProvider(avatarProvider: AvatarProvider): Promise<Message> {
  return apiRequest('POST', '/user/settings/avatar', { body: { avatarProvider } });
}

export async function uploadAvatar(file: File): Promise<Message> {
  const form = new FormData();
  form.append('avatar', file);
  return (await apiFetch('/user/settings/avatar/upload', { method: 'PUT', body: form })).json();
}
