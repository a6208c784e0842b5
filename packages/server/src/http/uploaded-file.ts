/**
 * Reading an uploaded file from a multipart body, the same way for every upload route: a file
 * over the size limit answers `fileTooLarge` whether multipart's own limit stopped it or it
 * arrived whole, and files in other fields are drained so the body can be read to its end.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fail } from './api-error.js';

/** The bytes of one file part, at most `maxSize` of them. */
export async function readFilePart(part: MultipartFile, maxSize: number): Promise<Buffer> {
  const bytes = await part.toBuffer().catch((error: { code?: string }) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw fail('fileTooLarge');
    throw error;
  });
  if (part.file.truncated || bytes.length > maxSize) throw fail('fileTooLarge');
  return bytes;
}

/**
 * The first file sent in `field` of a multipart request (call `isMultipart()` first), or null
 * when there is none. Reading stops at that file.
 */
export async function firstFileIn(
  request: FastifyRequest,
  field: string,
  maxSize: number,
): Promise<{ bytes: Buffer; filename: string } | null> {
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== field) {
      part.file.resume();
      continue;
    }
    return { bytes: await readFilePart(part, maxSize), filename: part.filename };
  }
  return null;
}
