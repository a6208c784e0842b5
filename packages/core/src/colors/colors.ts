/**
 * Colour rules shared by the API and the web app: hex colours travel without `#` and are at most 6
 * characters; label text is black or white depending on the background (behaviour.md §8).
 */

/** Strip a leading `#` and keep at most 6 characters (`#ffffff80` → `ffffff`, `#abc` → `abc`). */
export function colorWithoutHash(color: string): string {
  return (color.startsWith('#') ? color.slice(1) : color).slice(0, 6);
}

/** A stored colour as the web app holds it: `#` added, an empty colour stays empty. */
export function colorWithHash(hex: string): string {
  if (hex === '') return '';
  return hex.startsWith('#') ? hex : `#${hex}`;
}

/** Relative luminance (WCAG) of a 6-digit hex colour without `#`. */
function relativeLuminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Above this luminance black text has more contrast than white (both are at least 4.5:1 there). */
const lightBackgroundLuminance = 0.1791;

/**
 * Should text on this background be dark? Empty, `#`, null and unreadable colours say yes. A
 * 3-digit colour is expanded first (Ordo: `#fff` is white, so dark text); alpha is ignored.
 */
export function usesDarkText(color: string | null | undefined): boolean {
  let hex = (color ?? '').replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) hex = hex.replace(/./g, (digit) => digit + digit);
  if (!/^[0-9a-f]{6}/i.test(hex)) return true;
  return relativeLuminance(hex) > lightBackgroundLuminance;
}

/** Text colour for a label: `#000` on light backgrounds, `#fff` on dark ones, none without a colour. */
export function labelTextColor(color: string | null | undefined): '#000' | '#fff' | undefined {
  if (color === null || color === undefined) return undefined;
  return usesDarkText(color) ? '#000' : '#fff';
}

/**
 * The fixed palette new labels get a random colour from. The spec names 13 colours without listing
 * them; these are Ordo's own choice: distinct hues that work with either text colour.
 */
export const labelColorPalette: readonly string[] = [
  'e8443a',
  'f57c1f',
  'f5b800',
  '8bc34a',
  '1fa15d',
  '14a3a3',
  '2f9bd6',
  '3a6ee8',
  '6b4fd8',
  'a24bd1',
  'e0479e',
  '8d6e63',
  '5f6b7a',
];

/** A random palette colour (without `#`); `random` returns a number in [0, 1) like Math.random. */
export function randomLabelColor(random: () => number = Math.random): string {
  const index = Math.min(labelColorPalette.length - 1, Math.floor(random() * labelColorPalette.length));
  return labelColorPalette[index];
}
