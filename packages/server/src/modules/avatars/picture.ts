/**
 * Pictures for avatars, through sharp: an upload is accepted only when it decodes as a raster
 * image (whatever its name or declared type says), and is kept as a square PNG of at most
 * 1024 px; a stored or fetched picture is drawn at the size asked for.
 */
import { AVATAR_SIZE } from '@ordo/core';
import sharp from 'sharp';

/** Formats a picture may come in. SVG is not among them: it is a document, not a picture. */
const RASTER_FORMATS = new Set(['png', 'jpeg', 'jpg', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** Larger pictures (in pixels) are refused before they are decoded: a small file can unpack huge. */
const MAX_INPUT_PIXELS = 64_000_000;

export class NotAnImageError extends Error {}

/** The picture as a centred square PNG of at most 1024 px, or NotAnImageError. */
export async function normalisePicture(bytes: Buffer): Promise<Buffer> {
  let side: number;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!meta.format || !RASTER_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      throw new NotAnImageError(`not a raster image: ${meta.format}`);
    }
    side = Math.min(meta.width, meta.height, AVATAR_SIZE.max);
  } catch (error) {
    throw error instanceof NotAnImageError ? error : new NotAnImageError((error as Error).message);
  }
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
