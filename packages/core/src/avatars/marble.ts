/**
 * The "marble" avatar: soft, blurred shapes over a background, in the manner of boring-avatars'
 * marble variant. Colours, offsets, turns and scales are read from the username's hash, so the
 * same username always gives the same picture and different ones rarely look alike.
 */
import { nameHash } from './name-hash.js';

export const MARBLE_PALETTE = ['#92A1C6', '#146A7C', '#F0AB3D', '#C271B4', '#C20D90'] as const;

const VIEW = 80;

export interface MarbleShape {
  color: string;
  translateX: number;
  translateY: number;
  rotate: number;
  scale: number;
}

/** The decimal digit `place` places from the right of `n`. */
function digit(n: number, place: number): number {
  return Math.floor(n / 10 ** place) % 10;
}

/** `n` within `range`, negative when the chosen digit of `n` is even (so shapes move both ways). */
function unit(n: number, range: number, signDigit?: number): number {
  const value = n % range;
  return signDigit !== undefined && digit(n, signDigit) % 2 === 0 ? -value : value;
}

/** The three layers of a username's marble: the background and two shapes. */
export function marbleShapes(username: string): MarbleShape[] {
  const seed = nameHash(username);
  return [0, 1, 2].map((i) => {
    // Each layer mixes the seed differently; `>>> 0` keeps the numbers unsigned 32-bit.
    const n = Math.imul(seed ^ (i * 0x9e3779b1), 0x85ebca6b) >>> 0;
    return {
      // Every second colour of the five: the three layers never share one, and neighbours in the
      // palette (the two magentas) do not meet as background and shape.
      color: MARBLE_PALETTE[(seed + 2 * i) % MARBLE_PALETTE.length] as string,
      translateX: unit(n, VIEW / 10, 1),
      translateY: unit(n, VIEW / 10, 2),
      rotate: unit(n, 360, 1),
      scale: 1.2 + unit(n, VIEW / 20) / 10,
    };
  });
}

function transform(shape: MarbleShape): string {
  return `translate(${shape.translateX} ${shape.translateY}) rotate(${shape.rotate} ${VIEW / 2} ${VIEW / 2}) scale(${shape.scale})`;
}

export function marbleSvg(username: string, size: number): string {
  const [background, first, second] = marbleShapes(username) as [MarbleShape, MarbleShape, MarbleShape];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${VIEW} ${VIEW}" fill="none" role="img">` +
    `<rect width="${VIEW}" height="${VIEW}" fill="${background.color}"/>` +
    `<path filter="url(#blur)" d="M32.414 59.35L50.376 70.5H72.5v-71H33.728L26.5 13.381l19.057 27.08L32.414 59.35z" ` +
    `fill="${first.color}" transform="${transform(first)}"/>` +
    `<path filter="url(#blur)" style="mix-blend-mode:overlay" ` +
    `d="M22.216 24L0 46.75l14.108 38.129L78 86l-3.081-59.276-22.378 4.005 12.972 20.186-23.35 27.395L22.215 24z" ` +
    `fill="${second.color}" transform="${transform(second)}"/>` +
    `<defs><filter id="blur" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">` +
    `<feFlood flood-opacity="0" result="none"/><feBlend in="SourceGraphic" in2="none" result="shape"/>` +
    `<feGaussianBlur stdDeviation="7"/></filter></defs></svg>`
  );
}
