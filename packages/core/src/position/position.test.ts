import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultPosition,
  newTaskPositions,
  positionBetween,
  projectPositionNeedsRespread,
  resolvePositionConflict,
  spreadPositions,
  taskPositionNeedsRespread,
} from './position.js';

describe('positionBetween (behaviour.md §5)', () => {
  it.each([
    [10, 100, 55],
    [null, null, 0],
    [null, 100, 50],
    [null, 0, 0],
    [10, null, 65546],
    [-10, null, 65526],
    [100, 100, 100.01],
    [0, 0, 0.01],
    [0, 1, 0.5],
    [65536, 131072, 98304],
    [1.5, 1.75, 1.625],
    [0.01, 0.02, 0.015],
  ])('between %s and %s is %s', (before, after, expected) => {
    expect(positionBetween(before, after)).toBe(expected);
  });

  it('treats undefined like null', () => {
    expect(positionBetween(undefined, undefined)).toBe(0);
    expect(positionBetween(undefined, 8)).toBe(4);
  });

  it('nudges equal neighbours strictly between them and the next integer, surviving JSON', () => {
    const position = JSON.parse(JSON.stringify(positionBetween(100, 100)));
    expect(position).toBeGreaterThan(100);
    expect(position).toBeLessThan(101);
  });

  it('lands strictly between distinct neighbours', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e12, max: 1e12, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e12, noNaN: true }),
        (a, gap) => {
          const position = positionBetween(a, a + gap);
          expect(position).toBeGreaterThan(a);
          expect(position).toBeLessThan(a + gap);
        },
      ),
    );
  });
});

describe('positions of reference §4.7', () => {
  it('defaults to id × 2^16', () => {
    expect(defaultPosition(1)).toBe(65536);
    expect(defaultPosition(3)).toBe(196608);
  });

  it('puts new tasks on top of a non-empty view, evenly below the lowest position', () => {
    expect(newTaskPositions(300, [7])).toEqual([150]);
    expect(newTaskPositions(300, [7, 8])).toEqual([100, 200]);
  });

  it('gives new tasks index × 2^16 in an empty view', () => {
    expect(newTaskPositions(null, [1, 2])).toEqual([65536, 131072]);
  });

  it('asks for a re-spread below 0.01 (tasks) and 0.1 (projects)', () => {
    expect(taskPositionNeedsRespread(0.009)).toBe(true);
    expect(taskPositionNeedsRespread(0.01)).toBe(false);
    expect(projectPositionNeedsRespread(0.09)).toBe(true);
    expect(projectPositionNeedsRespread(0.1)).toBe(false);
  });

  it('spreads a view evenly over 2^32', () => {
    expect(spreadPositions(4)).toEqual([2 ** 30, 2 ** 31, 3 * 2 ** 30, 2 ** 32]);
    expect(spreadPositions(0)).toEqual([]);
  });

  it('moves tasks sharing a position between their neighbours, by task id', () => {
    expect(resolvePositionConflict([9, 4], 100, 400)).toEqual(
      new Map([
        [4, 200],
        [9, 300],
      ]),
    );
    expect(resolvePositionConflict([2, 1], null, null)).toEqual(
      new Map([
        [1, 2 ** 32 / 3],
        [2, 2 ** 33 / 3],
      ]),
    );
  });

  it('asks for a re-spread when the neighbours are too close', () => {
    expect(resolvePositionConflict([1, 2], 1, 1.02)).toBeNull();
  });
});
