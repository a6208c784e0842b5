import { describe, expect, it } from 'vitest';
import { MARBLE_PALETTE, marbleShapes, marbleSvg } from './marble.js';

describe('marble avatar', () => {
  it('is the same picture for the same username', () => {
    expect(marbleSvg('ada', 50)).toBe(marbleSvg('ada', 50));
    expect(marbleShapes('ada')).toEqual(marbleShapes('ada'));
  });

  it('differs between usernames, also between anagrams', () => {
    const names = ['ada', 'daa', 'bob', 'carol', 'dave', 'eve', 'link-share-1', 'link-share-2'];
    const pictures = new Set(names.map((name) => marbleSvg(name, 50)));
    expect(pictures.size).toBe(names.length);
  });

  it('draws three layers in palette colours, moved and turned within bounds', () => {
    for (const name of ['ada', 'bob', 'Zoë', '', '名前']) {
      const shapes = marbleShapes(name);
      expect(shapes).toHaveLength(3);
      for (const shape of shapes) {
        expect(MARBLE_PALETTE).toContain(shape.color);
        expect(Math.abs(shape.translateX)).toBeLessThan(8);
        expect(Math.abs(shape.translateY)).toBeLessThan(8);
        expect(Math.abs(shape.rotate)).toBeLessThan(360);
        expect(shape.scale).toBeGreaterThanOrEqual(1.2);
        expect(shape.scale).toBeLessThanOrEqual(1.5);
      }
      // The layers never share a colour, so there is always a shape to see.
      expect(new Set(shapes.map((shape) => shape.color)).size).toBe(3);
    }
  });

  it('is an SVG document of the requested size', () => {
    const svg = marbleSvg('ada', 40);
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="40" height="40" viewBox="0 0 80 80"/,
    );
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain('<feGaussianBlur stdDeviation="7"/>');
  });
});
