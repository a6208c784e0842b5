/**
 * Avatar providers (spec 1 §3 "Avatar setting", reference §2.3): what `GET /avatar/:username`
 * draws for a user. `ldap` and `openid` mean the directory or identity provider manages the
 * picture; the user picks among the others.
 */
export const AVATAR_PROVIDERS = [
  'default',
  'initials',
  'gravatar',
  'marble',
  'upload',
  'ldap',
  'openid',
] as const;

export type AvatarProvider = (typeof AVATAR_PROVIDERS)[number];

/** The providers a user can choose in the avatar settings. */
export const SELECTABLE_AVATAR_PROVIDERS = ['default', 'initials', 'gravatar', 'marble', 'upload'] as const;

/** Providers whose picture comes from outside Ordo; the user cannot change them (1021). */
export const MANAGED_AVATAR_PROVIDERS: readonly AvatarProvider[] = ['ldap', 'openid'];

export const DEFAULT_AVATAR_PROVIDER: AvatarProvider = 'default';

export function isAvatarProvider(value: unknown): value is AvatarProvider {
  return typeof value === 'string' && (AVATAR_PROVIDERS as readonly string[]).includes(value);
}

/** Sizes in pixels (spec 1 §9): 50 unless asked, 40 in the header, 16 in notifications. */
export const AVATAR_SIZE = { default: 50, header: 40, notification: 16, min: 8, max: 1024 } as const;

/** A requested size, clamped to what the server draws; missing or unreadable sizes are the default. */
export function avatarSize(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return AVATAR_SIZE.default;
  return Math.min(AVATAR_SIZE.max, Math.max(AVATAR_SIZE.min, Math.round(requested)));
}
