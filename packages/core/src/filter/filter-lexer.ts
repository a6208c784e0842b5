import { isDateMathAnchor } from '../date-math/date-math.js';
import type { FilterComparator } from './filter-ast.js';

/** Low-level reading shared by the API parser and the frontend filter helpers. */

export function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z0-9_]/.test(char);
}

export function isSpace(char: string | undefined): boolean {
  return char !== undefined && /\s/.test(char);
}

export function skipSpaces(text: string, pos: number): number {
  let i = pos;
  while (isSpace(text[i])) i++;
  return i;
}

export interface QuotedRun {
  /** The text between the quotes with escapes applied (`it\'s` → `it's`). */
  content: string;
  /** The text between the quotes as written, backslashes kept. */
  raw: string;
  /** Index just after the closing quote. */
  end: number;
}

/** A closed `'…'` or `"…"` run at `pos`, where a backslash escapes the next character; undefined if unclosed. */
export function readQuoted(text: string, pos: number): QuotedRun | undefined {
  const quote = text[pos];
  if (quote !== "'" && quote !== '"') return undefined;
  let content = '';
  for (let i = pos + 1; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && i + 1 < text.length) {
      content += text[i + 1];
      i++;
    } else if (char === quote) {
      return { content, raw: text.slice(pos + 1, i), end: i + 1 };
    } else {
      content += char;
    }
  }
  return undefined;
}

const signComparators: Readonly<Record<string, FilterComparator>> = {
  '=': '=',
  '!=': '!=',
  '>': '>',
  '>=': '>=',
  '<': '<',
  '<=': '<=',
  '?=': 'in',
  '?!=': 'not in',
  '~': 'like',
};

export interface ComparatorToken {
  /** The comparator as written (`?=`, `not  in`, `==`, `is`). */
  written: string;
  /** Undefined when the token is not a known comparator. */
  comparator?: FilterComparator;
  end: number;
}

/**
 * The comparator token at `pos`: a run of `=!<>~?` signs, or a word (`in`, `like`, `not in`). Any
 * other sign run or word comes back without a comparator so the caller can name it in an error.
 */
export function readComparator(text: string, pos: number): ComparatorToken | undefined {
  const signs = /^[=!<>~?]+/.exec(text.slice(pos));
  if (signs) {
    return { written: signs[0], comparator: signComparators[signs[0]], end: pos + signs[0].length };
  }
  const word = /^[A-Za-z0-9_]+/.exec(text.slice(pos));
  if (!word) return undefined;
  const end = pos + word[0].length;
  if (word[0] === 'in') return { written: 'in', comparator: 'in', end };
  if (word[0] === 'like') return { written: 'like', comparator: 'like', end };
  if (word[0] === 'not') {
    const notIn = /^not\s+in(?![A-Za-z0-9_])/.exec(text.slice(pos));
    if (notIn) return { written: notIn[0], comparator: 'not in', end: pos + notIn[0].length };
  }
  return { written: word[0], end };
}

/**
 * End of an unquoted value starting at `pos`: it runs until one of `stops` or the end of the text.
 * With `anchoredDateMath`, a `||` directly after a date anchor and directly before `+`, `-` or `/`
 * stays in the value (`2024-01-01||+1M/d`); a `||` with spaces around it is a join.
 */
export function unquotedRunEnd(text: string, pos: number, stops: string, anchoredDateMath: boolean): number {
  let i = pos;
  while (i < text.length && !stops.includes(text[i])) i++;
  if (
    anchoredDateMath &&
    text.startsWith('||', i) &&
    '+-/'.includes(text[i + 2] ?? ' ') &&
    !isSpace(text[i - 1]) &&
    isDateMathAnchor(text.slice(pos, i).trimStart())
  ) {
    return unquotedRunEnd(text, i + 2, stops, false);
  }
  return i;
}
