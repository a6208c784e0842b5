import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS, runeLength } from './field-limits.js';

describe('runeLength', () => {
  it('counts code points, as Go counts runes', () => {
    expect(runeLength('abc')).toBe(3);
    expect(runeLength('äöü')).toBe(3);
    expect(runeLength('😀😀')).toBe(2);
    expect('😀😀'.length).toBe(4);
  });
});

describe('FIELD_LIMITS', () => {
  it("keeps Vikunja's numbers for titles, colours and identifiers", () => {
    expect(FIELD_LIMITS.title).toBe(250);
    expect(FIELD_LIMITS.hexColor).toBe(6);
    expect(FIELD_LIMITS.identifier).toBe(10);
  });

  it('lets a description of the limit in a three-byte script fit a 2 MB body', () => {
    expect(FIELD_LIMITS.description * 3).toBeLessThan(2 * 1024 * 1024);
  });
});
