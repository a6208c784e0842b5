/**
 * A blur hash drawn as a tiny PNG data URL: the browser stretches it smoothly, so 32×32 pixels
 * are enough to paint behind a whole page while the picture loads. Decoded once per hash.
 */
import { decode, isBlurhashValid } from 'blurhash';

const SIZE = 32;
const drawn = new Map<string, string | null>();

export function blurHashUrl(hash: string): string | null {
  if (!hash) return null;
  const known = drawn.get(hash);
  if (known !== undefined) return known;
  let url: string | null = null;
  if (isBlurhashValid(hash).result) {
    const canvas = document.createElement('canvas');
    canvas.width = SIZE;
    canvas.height = SIZE;
    const context = canvas.getContext('2d');
    if (context) {
      const image = context.createImageData(SIZE, SIZE);
      image.data.set(decode(hash, SIZE, SIZE));
      context.putImageData(image, 0, 0);
      url = canvas.toDataURL('image/png');
    }
  }
  drawn.set(hash, url);
  return url;
}
