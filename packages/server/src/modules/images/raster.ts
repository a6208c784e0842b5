/**
 * The check every uploaded picture passes (avatars, project backgrounds): it counts as an image
 * only when sharp decodes it as a raster picture, whatever its name or declared type says, and
 * pictures of more than `maxPixels` are refused before they are decoded, as a small file can
 * unpack huge.
 */
import sharp from 'sharp';

/** SVG is not among them: it is a document that may carry scripts, not a picture. */
const RASTER_FORMATS = new Set(['png', 'jpeg', 'jpg', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export class NotAnImageError extends Error {}

export interface RasterMetadata extends sharp.Metadata {
  width: number;
  height: number;
}

/** The picture's metadata, or NotAnImageError. */
export async function rasterMetadata(bytes: Buffer, maxPixels: number): Promise<RasterMetadata> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: maxPixels }).metadata();
    if (!meta.format || !RASTER_FORMATS.has(meta.format) || !meta.width || !meta.height) {
      throw new NotAnImageError(`not a raster image: ${meta.format}`);
    }
    return meta as RasterMetadata;
  } catch (error) {
    throw error instanceof NotAnImageError ? error : new NotAnImageError((error as Error).message);
  }
}
