/**
 * Previews of the generated avatars, drawn here from the same core functions the server uses,
 * so each choice shows what it will look like before it is picked.
 */
import { defaultAvatarSvg, initialsSvg, marbleSvg } from '@ordo/core';

const svgUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function generatedPreview(
  provider: 'default' | 'initials' | 'marble',
  user: { username: string; displayName: string },
  size: number,
): string {
  if (provider === 'initials') return svgUrl(initialsSvg(user.displayName, user.username, size));
  if (provider === 'marble') return svgUrl(marbleSvg(user.username, size));
  return svgUrl(defaultAvatarSvg(size));
}
