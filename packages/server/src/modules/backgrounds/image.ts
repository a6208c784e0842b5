/**
 * Background images through sharp: an upload counts as an image only when it decodes as a raster
 * picture (whatever its name or declared type says). It is kept upright and at most
 * BACKGROUND_MAX_WIDTH wide, as JPEG (or WebP when it has transparency), with the blur hash a
 * client paints while the image itself loads.
 */
import { encode } from 'blurhash';
import sharp from 'sharp';
import { NotAnImageError, rasterMetadata } from '../images/raster.js';

/** Wide enough for a large screen; anything wider only costs bytes. */
export const BACKGROUND_MAX_WIDTH = 2560;

/** Larger pictures (in pixels) are refused before they are decoded: a small file can unpack huge. */
const MAX_INPUT_PIXELS = 100_000_000;

/** The blur hash is computed from a thumbnail this small; more pixels add nothing to 4×3 components. */
const HASH_SOURCE_SIZE = 32;

export interface PreparedBackground {
  data: Buffer;
  mime: 'image/jpeg' | 'image/webp';
  blurHash: string;
}

function decode(bytes: Buffer) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
}

/** The stored form of an uploaded background, or NotAnImageError. */
export async function prepareBackground(bytes: Buffer): Promise<PreparedBackground> {
  const hasAlpha = (await rasterMetadata(bytes, MAX_INPUT_PIXELS)).hasAlpha === true;
  try {
    const resized = decode(bytes).resize({ width: BACKGROUND_MAX_WIDTH, withoutEnlargement: true });
    const data = hasAlpha
      ? await resized.webp({ quality: 85 }).toBuffer()
      : await resized.flatten().jpeg({ quality: 85 }).toBuffer();
    const thumb = await decode(bytes)
      .resize(HASH_SOURCE_SIZE, HASH_SOURCE_SIZE, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const blurHash = encode(
      new Uint8ClampedArray(thumb.data.buffer, thumb.data.byteOffset, thumb.data.length),
      thumb.info.width,
      thumb.info.height,
      4,
      3,
    );
    return { data, mime: hasAlpha ? 'image/webp' : 'image/jpeg', blurHash };
  } catch (error) {
    // The header read, the pixels did not: a truncated or corrupt file.
    throw new NotAnImageError((error as Error).message);
  }
}
