import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortedCodes } from './code-sort.js';

const ascending = (codes: readonly number[]) => [...codes].sort((a, b) => a - b);

/** Code lists long enough for the radix sort (from 1,500) as well as short ones. */
const codeLists = (largest: number) =>
  fc.oneof(
    fc.array(fc.integer({ min: 0, max: largest }), { maxLength: 40 }),
    fc.array(fc.integer({ min: 0, max: largest }), { minLength: 1500, maxLength: 5000 }),
  );

describe('sortedCodes', () => {
  it('sorts codes of every size that task ids give, as a plain sort does', () => {
    // 2^11 − 1: one digit; 2^20: two; 2^32 − 1: the largest 32-bit code, three.
    for (const largest of [2 ** 11 - 1, 2 ** 20, 2 ** 32 - 1]) {
      fc.assert(
        fc.property(codeLists(largest), (codes) => {
          expect([...sortedCodes(codes)]).toEqual(ascending(codes));
          expect([...sortedCodes(Uint32Array.from(codes))]).toEqual(ascending(codes));
        }),
        { numRuns: 30 },
      );
    }
  });

  it('sorts lists longer than the work space it keeps (2^18 codes), then short ones again', () => {
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (const largest of [2 ** 20, 2 ** 31 - 1]) {
      const codes = Array.from({ length: 300_000 }, () => random(largest) * 2 + random(2));
      expect([...sortedCodes(codes)]).toEqual(ascending(codes));
    }
    const short = Array.from({ length: 2000 }, () => random(2 ** 20));
    expect([...sortedCodes(short)]).toEqual(ascending(short));
    // Two sorts of 300,000 codes and their comparison: about a second alone, over 6 s beside the
    // API tests on a loaded 2-core host.
  }, 30_000);

  it('sorts codes beyond 32 bits exactly, as doubles', () => {
    const codes = Array.from({ length: 2000 }, (_, i) => (i % 2 === 0 ? 2 ** 40 + i : 2000 - i));
    const sorted = sortedCodes(codes);
    expect(sorted).toBeInstanceOf(Float64Array);
    expect([...sorted]).toEqual(ascending(codes));
  });

  it('answers an array of its own: a later sort does not change an earlier answer', () => {
    const first = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 3001);
    const answer = sortedCodes(first);
    const copy = [...answer];
    sortedCodes(Array.from({ length: 3000 }, (_, i) => 3000 - i));
    answer[0] = 99;
    expect(sortedCodes(first)[0]).toBe(copy[0]);
    expect([...answer.subarray(1)]).toEqual(copy.slice(1));
  });
});
