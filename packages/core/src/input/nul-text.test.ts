import { describe, expect, it } from 'vitest';
import { findNulText } from './nul-text.js';

describe('findNulText', () => {
  it('finds nothing in clean values', () => {
    expect(findNulText({ title: 'a', n: 1, list: ['b', null, { c: true }] })).toBeNull();
    expect(findNulText('plain')).toBeNull();
    expect(findNulText(null)).toBeNull();
    expect(findNulText(42)).toBeNull();
  });

  it('names the path of the first string holding a NUL', () => {
    expect(findNulText({ title: 'a\u0000b' })).toBe('title');
    expect(findNulText({ reminders: [{ reminder: 'x' }, { reminder: '\u0000' }] })).toBe(
      'reminders.1.reminder',
    );
    expect(findNulText(['ok', '\u0000'])).toBe('1');
    expect(findNulText('\u0000')).toBe('(body)');
  });

  it('finds a NUL in a key, shown escaped', () => {
    expect(findNulText({ filter: { 'a\u0000': 1 } })).toBe('filter.a\\u0000');
  });

  it('does not mistake an escaped backslash for a NUL', () => {
    expect(findNulText(JSON.parse('{"title":"\\\\u0000"}'))).toBeNull();
  });

  it('checks a value nested far deeper than the call stack would allow', () => {
    const deep = JSON.parse(`${'['.repeat(50_000)}"a\\u0000"${']'.repeat(50_000)}`);
    expect(findNulText(deep)).toBe(Array(50_000).fill('0').join('.'));
    expect(findNulText(JSON.parse(`${'['.repeat(50_000)}${']'.repeat(50_000)}`))).toBeNull();
  });
});
