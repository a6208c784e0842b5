/**
 * PNG previews of image attachments (`?preview_size=sm|md|lg|xl`, 100/200/400/800 px wide).
 * sharp is loaded on first use; where its native part cannot load, or it cannot read the image,
 * the caller serves the original file instead.
 */
import type { Readable } from 'node:stream';

export const PREVIEW_WIDTHS: Record<string, number> = { sm: 100, md: 200, lg: 400, xl: 800 };

type Sharp = typeof import('sharp');
let loaded: Promise<Sharp | null> | null = null;

function loadSharp(): Promise<Sharp | null> {
  loaded ??= import('sharp').then(
    (m) => (m.default ?? m) as Sharp,
    () => null,
  );
  return loaded;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The preview as PNG bytes, or null when none can be made. */
export async function makePreview(source: Readable, width: number): Promise<Buffer | null> {
  const sharp = await loadSharp();
  if (!sharp) {
    source.destroy();
    return null;
  }
  try {
    return await sharp(await readAll(source))
      .resize({ width, withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
