import { describe, expect, it } from 'vitest';
import { highlightFilter } from './filter-highlight';

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
