import { describe, expect, it } from 'vitest';
import { descriptionToSave, hasDescription } from './project-description';

describe('project description', () => {
  it('counts text and pictures, not empty markup', () => {
    expect(hasDescription('')).toBe(false);
    expect(hasDescription('<p></p>')).toBe(false);
    expect(hasDescription('<p> &nbsp;</p><p><br></p>')).toBe(false);
    expect(hasDescription('Plain words')).toBe(true);
    expect(hasDescription('<p>Words</p>')).toBe(true);
    expect(hasDescription('<p><img src="/a.png"></p>')).toBe(true);
  });

  it('clears a description with an empty paragraph, since the server keeps one sent empty', () => {
    expect(descriptionToSave('', 'Old words')).toBe('<p></p>');
    expect(descriptionToSave('   ', '<p>Old</p>')).toBe('<p></p>');
    expect(descriptionToSave('', '')).toBe('');
    expect(descriptionToSave('', '<p></p>')).toBe('');
    expect(descriptionToSave('New', 'Old')).toBe('New');
  });
});
