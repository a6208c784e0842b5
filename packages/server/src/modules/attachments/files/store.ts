/**
 * Where the bytes of stored files live. Rows in `files` name them by id; a store keeps the bytes.
 * The local store writes `<dir>/<id>`; another backend (S3) implements the same interface.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../../config.js';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface FileStore {
  /** Stores the bytes under `id`, replacing any there. */
  put(id: number, data: Readable): Promise<void>;
  /** The bytes (or a range of them); throws when the file is gone. */
  open(id: number, range?: ByteRange): Promise<Readable>;
  /** Removes the bytes; a missing file is not an error. */
  remove(id: number): Promise<void>;
}

/** The store the configuration names: files under `<data dir>/files`. */
export function createFileStore(config: Pick<Config, 'dataDir'>): FileStore {
  return new LocalFileStore(join(config.dataDir, 'files'));
}

export class LocalFileStore implements FileStore {
  constructor(private readonly dir: string) {}

  private path(id: number): string {
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`invalid file id ${id}`);
    return join(this.dir, String(id));
  }

  async put(id: number, data: Readable): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await pipeline(data, createWriteStream(this.path(id)));
  }

  async open(id: number, range?: ByteRange): Promise<Readable> {
    const path = this.path(id);
    await stat(path);
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async remove(id: number): Promise<void> {
    await rm(this.path(id), { force: true });
  }
}
