/**
 * Reading a Vikunja export zip (yauzl, from the uploaded bytes): the index of its entries, then
 * one entry at a time. Every read is bounded: an entry may not grow past the size its header
 * declares (yauzl checks), nor past `maxEntry`, and all entries together may not decompress to
 * more than `maxTotal` — so a zip bomb is refused before it fills memory.
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ApiError, fail } from '../../../http/api-error.js';

export interface ZipLimits {
  /** The most one entry may hold when read. */
  maxEntry: number;
  /** The most all entries may hold together. */
  maxTotal: number;
}

export class ZipArchive {
  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
  ) {}

  /** Opens the bytes as a zip; 14001 when they are not one, 413 when it unpacks too large. */
  static async open(bytes: Buffer, limits: ZipLimits): Promise<ZipArchive> {
    const zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(bytes, { lazyEntries: true, autoClose: false }, (error, file) =>
        error || !file ? reject(fail('importNotAZipFile')) : resolve(file),
      ),
    );
    const entries = new Map<string, Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', () => reject(fail('importNotAZipFile')));
      zip.readEntry();
    });
    let total = 0;
    for (const entry of entries.values()) total += entry.uncompressedSize;
    if (total > limits.maxTotal) throw tooLarge();
    return new ZipArchive(zip, entries);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Entry names under a folder (`files/`), without the folder. */
  namesUnder(folder: string): string[] {
    return [...this.entries.keys()]
      .filter((name) => name.startsWith(folder) && name.length > folder.length)
      .map((name) => name.slice(folder.length));
  }

  /** The size an entry declares, or undefined when it is not there. */
  sizeOf(name: string): number | undefined {
    return this.entries.get(name)?.uncompressedSize;
  }

  /** The entry's bytes; 413 past `maxBytes`; 14001 when the entry is damaged. */
  async read(name: string, maxBytes: number): Promise<Buffer> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`no entry ${name}`);
    if (entry.uncompressedSize > maxBytes) throw tooLarge();
    const stream = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry, (error, s) =>
        error || !s ? reject(fail('importNotAZipFile')) : resolve(s),
      ),
    );
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          throw tooLarge();
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw fail('importNotAZipFile');
    }
    return Buffer.concat(chunks);
  }

  close(): void {
    this.zip.close();
  }
}

function tooLarge(): ApiError {
  return fail('fileTooLarge');
}
