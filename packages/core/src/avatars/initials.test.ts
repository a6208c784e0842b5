import { describe, expect, it } from 'vitest';
import { INITIALS_PALETTE, initialsColor, initialsOf, initialsSvg } from './initials.js';

describe('initialsOf', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  grace   brewster murray hopper ', 'GH'],
    ['jean-luc', 'JL'],
    ['max.mustermann', 'MM'],
    ['élodie durand', 'ÉD'],
    ['😀 smile', '😀S'],
    ['', '?'],
    ['   ', '?'],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('initialsColor', () => {
  it('is stable per username and taken from the palette', () => {
    expect(initialsColor('ada')).toBe(initialsColor('ada'));
    expect(INITIALS_PALETTE).toContain(initialsColor('ada'));
  });

  it('spreads usernames over the palette', () => {
    const colours = new Set(Array.from({ length: 60 }, (_, i) => initialsColor(`user${i}`)));
    expect(colours.size).toBeGreaterThanOrEqual(8);
  });
});

describe('initialsSvg', () => {
  it('draws the letters on the colour, at the requested size', () => {
    const svg = initialsSvg('Ada Lovelace', 'ada', 64);
    expect(svg).toContain('width="64" height="64"');
    expect(svg).toContain(`fill="${initialsColor('ada')}"`);
    expect(svg).toMatch(/>AL<\/text><\/svg>$/);
  });

  it('escapes markup in names', () => {
    const svg = initialsSvg('<script> &', 'x', 50);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&#60;&#38;</text>');
  });
});
