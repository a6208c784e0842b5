import { describe, expect, it } from 'vitest';
import { findErrorPart, highlightFilter } from './filter-highlight';

const kinds = (text: string) => highlightFilter(text).map((t) => [t.kind, t.text]);

describe('highlightFilter', () => {
  it('marks field, operator and value of each clause, and the joins', () => {
    expect(kinds('done = false && labels in Work, Home')).toEqual([
      ['field', 'done'],
      ['text', ' '],
      ['operator', '='],
      ['text', ' '],
      ['value', 'false'],
      ['text', ' '],
      ['join', '&&'],
      ['text', ' '],
      ['field', 'labels'],
      ['text', ' '],
      ['operator', 'in'],
      ['text', ' '],
      ['value', 'Work, Home'],
    ]);
  });

  it('marks parentheses and || and keeps a quoted value whole', () => {
    expect(kinds("(priority >= 3 || project = 'A && B')")).toEqual([
      ['paren', '('],
      ['field', 'priority'],
      ['text', ' '],
      ['operator', '>='],
      ['text', ' '],
      ['value', '3'],
      ['text', ' '],
      ['join', '||'],
      ['text', ' '],
      ['field', 'project'],
      ['text', ' '],
      ['operator', '='],
      ['text', ' '],
      ['value', "'A && B'"],
      ['paren', ')'],
    ]);
  });

  it('keeps half-typed text as plain text and covers every character', () => {
    for (const text of ['', 'lab', 'labels in ', 'done = true && (', 'a && b ||']) {
      expect(
        highlightFilter(text)
          .map((t) => t.text)
          .join(''),
      ).toBe(text);
    }
    expect(kinds('labels in ')).toEqual([['text', 'labels in ']]);
  });

  it('keeps anchored date math in the value', () => {
    expect(kinds('dueDate > 2024-01-01||+1M/d').at(-1)).toEqual(['value', '2024-01-01||+1M/d']);
  });
});

describe('errors in the highlight', () => {
  it('finds the part the server named, also as camelCase', () => {
    expect(findErrorPart('dueDate > tomorrow', 'tomorrow')).toEqual({ start: 10, end: 18 });
    expect(findErrorPart('percentDone > 5 && foo = 1', 'percent_done')).toEqual({ start: 0, end: 11 });
    expect(findErrorPart('done = true', 'nothing')).toBeNull();
    expect(findErrorPart('done = true', '')).toBeNull();
  });

  it('marks only the named characters', () => {
    const tokens = highlightFilter('dueDate > tomorrow', { start: 10, end: 14 });
    expect(tokens.filter((t) => t.error).map((t) => t.text)).toEqual(['tomo']);
    expect(tokens.map((t) => t.text).join('')).toBe('dueDate > tomorrow');
    expect(tokens.at(-1)).toEqual({ kind: 'value', text: 'rrow', start: 14 });
  });
});
