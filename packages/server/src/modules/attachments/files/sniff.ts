/**
 * The type of an upload from its first bytes, so a renamed file is not served (or previewed) as
 * something it is not. Unknown signatures fall back to the type the client declared.
 */
const signatures: { mime: string; bytes: (number | null)[]; offset?: number }[] = [
  { mime: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { mime: 'image/bmp', bytes: [0x42, 0x4d] },
  { mime: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
  { mime: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { mime: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { mime: 'application/gzip', bytes: [0x1f, 0x8b] },
];

/** Image types a preview can be made from (spec: jpeg, jpg, png, bmp, gif). */
export const PREVIEWABLE = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/bmp']);

/** `type/subtype` with parameters, in printable ASCII and at most 250 characters. */
const MEDIA_TYPE = /^[\x21-\x7e][\x20-\x7e]{0,248}$/;

export function sniffMime(head: Uint8Array, declared: string | undefined): string {
  for (const sig of signatures) {
    const offset = sig.offset ?? 0;
    if (head.length < offset + sig.bytes.length) continue;
    if (sig.bytes.every((b, i) => b === null || head[offset + i] === b)) return sig.mime;
  }
  const fallback = (declared ?? '').trim().toLowerCase();
  // A declared image type the bytes do not confirm is not trusted, nor one that is no media type
  // at all (the column holds 250 characters; PostgreSQL cannot store a NUL).
  if (!fallback || fallback.startsWith('image/') || !MEDIA_TYPE.test(fallback))
    return 'application/octet-stream';
  return fallback;
}
