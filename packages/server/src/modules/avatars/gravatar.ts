/**
 * Gravatar pictures, fetched from `ORDO_GRAVATAR_URL` by the MD5 of the e-mail address with
 * `d=404`, so an address without a Gravatar answers 404 instead of Gravatar's own default picture.
 * Answers (pictures and their absence) are kept for a while per address and size, concurrent
 * requests share one fetch, and a slow or unreachable Gravatar costs at most the timeout once
 * per retry period. Only the hash leaves the server, never the address.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { resizedPicture } from './picture.js';

const TIMEOUT_MS = 3_000;
/** Pictures a Gravatar answer may hold; bigger answers are not read to the end. */
const MAX_BYTES = 2 * 1024 * 1024;
const FOUND_TTL_MS = 60 * 60_000;
const MISSING_TTL_MS = 5 * 60_000;

interface Fetched {
  png: Buffer | null;
}

export class GravatarClient {
  private readonly cache: LRUCache<string, Fetched, { hash: string; size: number }>;

  constructor(private readonly baseUrl: string) {
    this.cache = new LRUCache({
      max: 2_000,
      maxSize: 64 * 1024 * 1024,
      sizeCalculation: (value) => (value.png?.length ?? 0) + 64,
      ttl: FOUND_TTL_MS,
      fetchMethod: async (_key, _stale, { context, options }) => {
        const png = await this.download(context.hash, context.size);
        if (!png) options.ttl = MISSING_TTL_MS;
        return { png };
      },
    });
  }

  /** The user's Gravatar as a PNG of `size` px, or null when they have none or it cannot be had. */
  async picture(email: string, size: number): Promise<Buffer | null> {
    const hash = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
    const fetched = await this.cache.fetch(`${hash}:${size}`, { context: { hash, size } });
    return fetched?.png ?? null;
  }

  private async download(hash: string, size: number): Promise<Buffer | null> {
    try {
      const response = await fetch(`${this.baseUrl}${hash}?s=${size}&d=404`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'image/*' },
      });
      if (!response.ok || !response.body) return null;
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > MAX_BYTES) return null;
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of response.body) {
        total += chunk.length;
        if (total > MAX_BYTES) return null;
        chunks.push(Buffer.from(chunk));
      }
      // Decoded and drawn again here, so only a real picture of the right size goes out.
      return await resizedPicture(Buffer.concat(chunks), size);
    } catch {
      return null;
    }
  }
}
