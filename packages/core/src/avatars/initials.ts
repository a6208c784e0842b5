/**
 * The "initials" avatar: up to two letters of the display name on a colour taken from the
 * username (so renaming keeps the colour), white text. Drawn as SVG at the requested size.
 */
import { nameHash } from './name-hash.js';
import { escapeXml } from './svg.js';

/**
 * Backgrounds that all carry white text at a contrast of at least 4.5:1, spread around the
 * colour wheel so neighbours in a list tell apart.
 */
export const INITIALS_PALETTE = [
  '#c2255c',
  '#a61e4d',
  '#862e9c',
  '#5f3dc4',
  '#364fc7',
  '#1864ab',
  '#0b7285',
  '#087f5b',
  '#2b8a3e',
  '#5c940d',
  '#d9480f',
  '#495057',
] as const;

/**
 * The first letter of the first and of the last word, upper-cased ("Ada Lovelace" → "AL",
 * "ada" → "A"). Letters outside the Basic Multilingual Plane stay whole; an empty name gives "?".
 */
export function initialsOf(displayName: string): string {
  const words = displayName
    .trim()
    .split(/[\s._-]+/u)
    .filter((word) => word.length > 0);
  if (words.length === 0) return '?';
  const first = Array.from(words[0] as string)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1] as string)[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/** The background colour for a username. */
export function initialsColor(username: string): string {
  return INITIALS_PALETTE[nameHash(username) % INITIALS_PALETTE.length] as string;
}

export function initialsSvg(displayName: string, username: string, size: number): string {
  const letters = initialsOf(displayName);
  const fontSize = letters.length > 1 ? 34 : 40;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 80 80" role="img">` +
    `<rect width="80" height="80" fill="${initialsColor(username)}"/>` +
    `<text x="40" y="40" dy="0.35em" text-anchor="middle" fill="#ffffff" font-size="${fontSize}" font-weight="600" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif">` +
    `${escapeXml(letters)}</text></svg>`
  );
}
