import { describe, expect, it } from 'vitest';
import { storedFileName } from './file-name.js';

describe('storedFileName', () => {
  it('drops NUL characters and falls back when nothing is left', () => {
    expect(storedFileName('re\u0000port.pdf', 'file')).toBe('report.pdf');
    expect(storedFileName('\u0000', 'file')).toBe('file');
    expect(storedFileName(undefined, 'background')).toBe('background');
  });

  it('cuts a name to 250 characters, never inside one', () => {
    expect(storedFileName('😀'.repeat(300), 'file')).toBe('😀'.repeat(250));
  });
});
