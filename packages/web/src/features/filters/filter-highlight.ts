/**
 * Splits filter text into coloured parts for the filter editor: field names, operators, values,
 * the joins `&&` / `||` and parentheses. Half-typed text never fails; what is not yet a clause
 * stays plain text.
 */
import { findFilterClauses } from '@ordo/core';

export type FilterTokenKind = 'field' | 'operator' | 'value' | 'join' | 'paren' | 'text';

export interface FilterToken {
  kind: FilterTokenKind;
  text: string;
  start: number;
  /** Part of the span the server named in its error. */
  error?: true;
}

interface Mark {
  kind: FilterTokenKind;
  start: number;
  end: number;
}

function clauseMarks(text: string): Mark[] {
  return findFilterClauses(text).flatMap((clause) => {
    const between = text.slice(clause.fieldEnd, clause.valueStart);
    const opStart = clause.fieldEnd + (between.length - between.trimStart().length);
    const opEnd = clause.valueStart - (between.length - between.trimEnd().length);
    return [
      { kind: 'field', start: clause.fieldStart, end: clause.fieldEnd },
      { kind: 'operator', start: opStart, end: opEnd },
      { kind: 'value', start: clause.valueStart, end: clause.valueEnd },
    ] satisfies Mark[];
  });
}

/** Joins and parentheses outside the clauses' values. */
function punctuationMarks(text: string, taken: Mark[]): Mark[] {
  const inside = (pos: number) => taken.some((m) => pos >= m.start && pos < m.end);
  const marks: Mark[] = [];
  for (let i = 0; i < text.length; i++) {
    if (inside(i)) continue;
    const pair = text.slice(i, i + 2);
    if ((pair === '&&' || pair === '||') && !inside(i + 1)) {
      marks.push({ kind: 'join', start: i, end: i + 2 });
      i++;
    } else if (text[i] === '(' || text[i] === ')') {
      marks.push({ kind: 'paren', start: i, end: i + 1 });
    }
  }
  return marks;
}

/** Tokens, with the characters from `start` to `end` split off and marked as the error. */
function markError(tokens: FilterToken[], start: number, end: number): FilterToken[] {
  return tokens.flatMap((token) => {
    const tokenEnd = token.start + token.text.length;
    if (end <= token.start || start >= tokenEnd) return [token];
    const cuts = [token.start, Math.max(start, token.start), Math.min(end, tokenEnd), tokenEnd];
    return cuts.slice(0, -1).flatMap((from, i) => {
      const to = cuts[i + 1];
      if (to <= from) return [];
      const part: FilterToken = {
        kind: token.kind,
        text: token.text.slice(from - token.start, to - token.start),
        start: from,
      };
      return i === 1 ? [{ ...part, error: true as const }] : [part];
    });
  });
}

/**
 * Where the part a server error names (a field, an operator or a value) is in the editor text:
 * searched without case, and also in camelCase since the server names snake_case fields.
 */
export function findErrorPart(
  text: string,
  part: string | null | undefined,
): { start: number; end: number } | null {
  const wanted = part?.trim();
  if (!wanted) return null;
  const camel = wanted.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
  const lower = text.toLowerCase();
  for (const candidate of [wanted, camel]) {
    const at = lower.indexOf(candidate.toLowerCase());
    if (at !== -1) return { start: at, end: at + candidate.length };
  }
  return null;
}

export function highlightFilter(text: string, error?: { start: number; end: number } | null): FilterToken[] {
  const clauses = clauseMarks(text);
  const marks = [...clauses, ...punctuationMarks(text, clauses)]
    .filter((m) => m.end > m.start)
    .sort((a, b) => a.start - b.start);
  const tokens: FilterToken[] = [];
  let pos = 0;
  for (const mark of marks) {
    if (mark.start < pos) continue;
    if (mark.start > pos) tokens.push({ kind: 'text', text: text.slice(pos, mark.start), start: pos });
    tokens.push({ kind: mark.kind, text: text.slice(mark.start, mark.end), start: mark.start });
    pos = mark.end;
  }
  if (pos < text.length) tokens.push({ kind: 'text', text: text.slice(pos), start: pos });
  return error ? markError(tokens, error.start, error.end) : tokens;
}
