/**
 * Pictures for avatars, through sharp: an upload is accepted only when it decodes as a raster
 * image (whatever its name or declared type says), and is kept as a square PNG of at most
 * 1024 px; a stored or fetched picture is drawn at the size asked for.
 */
import { AVATAR_SIZE } from '@ordo/core';
import sharp from 'sharp';
import { NotAnImageError, rasterMetadata } from '../images/raster.js';

/** Larger pictures (in pixels) are refused before they are decoded: a small file can unpack huge. */
const MAX_INPUT_PIXELS = 64_000_000;

/** The picture as a centred square PNG of at most 1024 px, or NotAnImageError. */
export async function normalisePicture(bytes: Buffer): Promise<Buffer> {
  const meta = await rasterMetadata(bytes, MAX_INPUT_PIXELS);
  const side = Math.min(meta.width, meta.height, AVATAR_SIZE.max);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(side, side, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch (error) {
    // The header read, the pixels did not: a truncated or corrupt file.
    throw new NotAnImageError((error as Error).message);
  }
}

/** A picture drawn as a PNG square of `size` px. */
export function resizedPicture(bytes: Buffer, size: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(size, size, { fit: 'cover' })
    .png()
    .toBuffer();
}
