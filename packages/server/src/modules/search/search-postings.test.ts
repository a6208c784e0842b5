import { rankTaskMatches } from '@ordo/core';
import { describe, expect, it } from 'vitest';
import { wordMatches } from './search-postings.js';

/** Postings as PostgreSQL packs them: four bytes each, big-endian, unsigned. */
function packed(...codes: number[]): Buffer {
  const buffer = Buffer.alloc(codes.length * 4);
  for (const [i, code] of codes.entries()) buffer.writeUInt32BE(code, i * 4);
  return buffer;
}

describe('wordMatches', () => {
  it('reads packed postings as codes', () => {
    expect([...wordMatches({ postings: packed(10, 21, 7), stale: null, fresh: null })]).toEqual([10, 21, 7]);
  });

  it('answers nothing for a word no term holds', () => {
    expect(wordMatches({ postings: null, stale: null, fresh: null })).toHaveLength(0);
  });

  it('drops every posting of a logged task and adds its fresh ones', () => {
    // Task 5 was in the title (11) of one term and the description (10) of another; now only the description.
    const codes = wordMatches({ postings: packed(11, 8, 10, 14), stale: [5], fresh: packed(10) });
    expect([...codes]).toEqual([8, 14, 10]);
  });

  it('drops a logged task that no longer holds the word', () => {
    expect([...wordMatches({ postings: packed(8, 9), stale: [4], fresh: null })]).toEqual([]);
  });

  it('reads postings that do not start on a four-byte boundary of their memory', () => {
    // pg hands bytea values as slices of larger buffers, at any offset.
    const memory = Buffer.concat([Buffer.from([0xff]), packed(8, 70_001, 3), Buffer.from([0xff, 0xff])]);
    const postings = memory.subarray(1, 13);
    const fresh = Buffer.concat([Buffer.from([0xff, 0xff, 0xff]), packed(14)]).subarray(3);
    expect([...wordMatches({ postings, stale: null, fresh })]).toEqual([8, 70_001, 3, 14]);
    expect([...wordMatches({ postings, stale: [1], fresh })]).toEqual([8, 70_001, 14]);
    // The caller's buffers are left as they were.
    expect(postings.readUInt32BE(0)).toBe(8);
  });

  it('reads codes of task ids beyond 2^30 unsigned, and ranks them', () => {
    const big = 2 ** 31 - 1; // PostgreSQL's largest integer id
    const codes = wordMatches({ postings: packed(big * 2 + 1, 6), stale: null, fresh: null });
    expect([...codes]).toEqual([big * 2 + 1, 6]);
    expect(rankTaskMatches([codes])).toEqual({ ids: [big, 3], total: 2 });
  });
});
