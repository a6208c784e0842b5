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

export function highlightFilter(text: string): FilterToken[] {
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
  return tokens;
}
