import { describe, expect, it } from 'vitest';
import {
  colorWithHash,
  colorWithoutHash,
  labelColorPalette,
  labelTextColor,
  randomLabelColor,
  usesDarkText,
} from './colors.js';

describe('label text colour (behaviour.md §8)', () => {
  it.each([
    ['#111111', '#fff'],
    ['111111', '#fff'],
    ['#DDDDDD', '#000'],
    ['#e74c3c', '#000'],
    ['#4287f5', '#000'],
    ['#808080', '#000'],
    ['#767676', '#000'],
    ['#777777', '#000'],
    ['#ff0000', '#000'],
    ['#00ff00', '#000'],
    ['#1973ff', '#000'],
    ['#ffbe0b', '#000'],
    ['#0ead69', '#000'],
    ['#0000ff', '#fff'],
    ['#8338ec', '#fff'],
    ['#373f47', '#fff'],
    ['#ffffff', '#000'],
    ['#000000', '#fff'],
    ['#ffffff80', '#000'],
    // Ordo: 3-digit colours are expanded (Vikunja reads #fff as 0x000fff).
    ['#fff', '#000'],
    ['abc', '#000'],
    ['#000', '#fff'],
    ['', '#000'],
    ['#', '#000'],
  ])('%j gets %s text', (color, expected) => {
    expect(labelTextColor(color)).toBe(expected);
    expect(usesDarkText(color)).toBe(expected === '#000');
  });

  it('sets no text colour without a colour, though the check says dark text', () => {
    expect(labelTextColor(null)).toBeUndefined();
    expect(labelTextColor(undefined)).toBeUndefined();
    expect(usesDarkText(null)).toBe(true);
  });

  it('gives every palette colour a text colour with at least 4.5:1 contrast', () => {
    const luminance = (hex: string) => {
      const channels = [0, 2, 4].map((i) => {
        const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
    };
    for (const color of labelColorPalette) {
      const l = luminance(color);
      const contrast = labelTextColor(color) === '#000' ? (l + 0.05) / 0.05 : 1.05 / (l + 0.05);
      expect(contrast, color).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('hex colours on the wire', () => {
  it.each([
    ['#ffffff80', 'ffffff'],
    ['#abc', 'abc'],
    ['ffffff', 'ffffff'],
    ['', ''],
  ])('%j is sent as %j', (color, expected) => {
    expect(colorWithoutHash(color)).toBe(expected);
  });

  it('adds # on load, leaving empty colours empty', () => {
    expect(colorWithHash('e8e8e8')).toBe('#e8e8e8');
    expect(colorWithHash('#e8e8e8')).toBe('#e8e8e8');
    expect(colorWithHash('')).toBe('');
  });
});

describe('label colour palette', () => {
  it('has 13 distinct 6-digit colours', () => {
    expect(labelColorPalette).toHaveLength(13);
    expect(new Set(labelColorPalette).size).toBe(13);
    for (const color of labelColorPalette) expect(color).toMatch(/^[0-9a-f]{6}$/);
  });

  it('picks from the palette with the given random source', () => {
    expect(randomLabelColor(() => 0)).toBe(labelColorPalette[0]);
    expect(randomLabelColor(() => 0.9999999)).toBe(labelColorPalette[12]);
    expect(labelColorPalette).toContain(randomLabelColor());
  });
});
