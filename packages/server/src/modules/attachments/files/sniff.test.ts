import { describe, expect, it } from 'vitest';
import { sniffMime } from './sniff.js';

describe('sniffMime', () => {
  it('reads images and documents from their signature', () => {
    expect(
      sniffMime(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'text/plain'),
    ).toBe('image/png');
    expect(sniffMime(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), undefined)).toBe('image/jpeg');
    expect(sniffMime(new TextEncoder().encode('%PDF-1.7'), 'application/octet-stream')).toBe(
      'application/pdf',
    );
    expect(sniffMime(new TextEncoder().encode('RIFF1234WEBPVP8 '), '')).toBe('image/webp');
  });

  it('keeps a declared non-image type and distrusts unconfirmed image types', () => {
    expect(sniffMime(new TextEncoder().encode('hello'), 'text/plain')).toBe('text/plain');
    expect(sniffMime(new TextEncoder().encode('<svg onload=x>'), 'image/png')).toBe(
      'application/octet-stream',
    );
    expect(sniffMime(new Uint8Array(), undefined)).toBe('application/octet-stream');
  });
});

describe('sniffMime with a strange declared type', () => {
  it('stores application/octet-stream for one that is too long or holds a NUL', () => {
    const head = new Uint8Array([1, 2, 3]);
    expect(sniffMime(head, `text/${'x'.repeat(300)}`)).toBe('application/octet-stream');
    expect(sniffMime(head, 'text/plain\u0000')).toBe('application/octet-stream');
    expect(sniffMime(head, 'text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
  });
});
