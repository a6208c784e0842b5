import { describe, expect, it } from 'vitest';
import { AVATAR_SIZE, avatarSize, isAvatarProvider } from './providers.js';

describe('avatar providers', () => {
  it('knows the providers of the reference and nothing else', () => {
    for (const p of ['default', 'initials', 'gravatar', 'marble', 'upload', 'ldap', 'openid']) {
      expect(isAvatarProvider(p)).toBe(true);
    }
    for (const p of ['', 'Initials', 'robohash', null, 3]) expect(isAvatarProvider(p)).toBe(false);
  });

  it('clamps sizes and defaults to 50', () => {
    expect(avatarSize(undefined)).toBe(AVATAR_SIZE.default);
    expect(avatarSize(Number.NaN)).toBe(50);
    expect(avatarSize(40)).toBe(40);
    expect(avatarSize(1)).toBe(AVATAR_SIZE.min);
    expect(avatarSize(5000)).toBe(AVATAR_SIZE.max);
  });
});
