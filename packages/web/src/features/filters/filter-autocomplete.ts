/**
 * What the filter editor can suggest at the cursor (behaviour.md §4.5): a field name at the start of
 * a clause, an operator after a field, or a label, project or user for the value of a `labels`,
 * `project` or `assignees` clause. Picking a value replaces only the last item of a list. The
 * project's custom fields are field names too, by title (in double quotes when it has spaces).
 */
import { autocompleteReplaceRange, filterEditorFields } from '@ordo/core';

export type ValueField = 'labels' | 'project' | 'assignees';

/** A custom field as the filter editor knows it. */
export interface FilterCustomField {
  title: string;
  kind: string;
}

export type SuggestionContext =
  | { kind: 'field'; prefix: string; start: number; end: number }
  | {
      kind: 'operator';
      field: string;
      prefix: string;
      start: number;
      end: number;
      /** The kind of the custom field the clause names. */
      customKind?: string;
    }
  | {
      kind: 'value';
      field: ValueField;
      /** What to look titles up by: the item being typed, without quotes. */
      search: string;
      /** The span (from 0, end exclusive) a picked entry replaces. */
      start: number;
      end: number;
      /** The value was opened with this quote and its closing quote is part of the span. */
      closingQuote: string | null;
    };

export const filterOperators = ['=', '!=', '>', '>=', '<', '<=', 'like', 'in', 'not in'] as const;

const listFields = new Set(['labels', 'project', 'assignees']);
const dateFields = new Set(['dueDate', 'startDate', 'endDate', 'doneAt', 'reminders', 'created', 'updated']);

const noLike = filterOperators.filter((op) => op !== 'like');

/** The operators that make sense for a custom field of this kind (custom-fields-contract.md). */
function customOperators(kind: string): readonly string[] {
  if (kind === 'number' || kind === 'date') return noLike;
  if (kind === 'checkbox') return ['=', '!='];
  if (kind === 'user') return ['=', '!=', 'in', 'not in'];
  return filterOperators;
}

/** The operators that make sense for a field of the editor's vocabulary, or a custom field's kind. */
export function operatorsFor(field: string, customKind?: string): readonly string[] {
  if (customKind) return customOperators(customKind);
  if (listFields.has(field)) return ['=', '!=', 'in', 'not in'];
  if (field === 'done') return ['=', '!='];
  if (dateFields.has(field) || field === 'priority' || field === 'percentDone') return noLike;
  return filterOperators;
}

const fieldByLowerCase = new Map<string, string>(filterEditorFields.map((f) => [f.toLowerCase(), f]));

const valueClause =
  /(?<![A-Za-z0-9_])(labels|project|assignees)(?:\s+(not\s+in|in|like)(?=\s|$)|\s*(\?!=|\?=|!=|=))([^&|()]*)$/i;
const operatorClause = /(?:^|&&|\|\||\()\s*([A-Za-z_]+)\s+([!=<>?a-z]*)$/i;
const fieldStart = /(?:^|&&|\|\||\()\s*([A-Za-z_]*)$/;
/** A custom field's title in double quotes, then the operator being typed. */
const quotedOperatorClause = /(?:^|&&|\|\||\()\s*"([^"]+)"\s+([!=<>?a-z]*)$/i;
/** A field name begun with a double quote (a custom field's title with spaces). */
const quotedFieldStart = /(?:^|&&|\|\||\()\s*("[^"&|()]*)$/;

export function suggestionContext(
  text: string,
  cursor: number,
  customFields: readonly FilterCustomField[] = [],
): SuggestionContext | null {
  const before = text.slice(0, cursor);
  const value = valueClause.exec(before);
  if (value) return valueContext(text, cursor, value);

  const custom = (title: string) => customFields.find((f) => f.title.toLowerCase() === title.toLowerCase());
  const op = operatorClause.exec(before);
  const opField = op ? fieldByLowerCase.get(op[1].toLowerCase()) : undefined;
  if (op && opField) {
    const prefix = op[2];
    return { kind: 'operator', field: opField, prefix, start: cursor - prefix.length, end: cursor };
  }
  const customOp = op ?? quotedOperatorClause.exec(before);
  const customField = customOp ? custom(customOp[1]) : undefined;
  if (customOp && customField) {
    const prefix = customOp[2];
    return {
      kind: 'operator',
      field: customField.title,
      prefix,
      start: cursor - prefix.length,
      end: cursor,
      customKind: customField.kind,
    };
  }

  const quoted = customFields.length > 0 ? quotedFieldStart.exec(before) : null;
  if (quoted) {
    // The title runs on past the cursor to its closing quote.
    const after = /^[^"&|()]*"?/.exec(text.slice(cursor))?.[0] ?? '';
    return { kind: 'field', prefix: quoted[1], start: cursor - quoted[1].length, end: cursor + after.length };
  }

  const field = fieldStart.exec(before);
  if (field && field[1] !== '') {
    const after = /^[A-Za-z_]*/.exec(text.slice(cursor))?.[0] ?? '';
    return { kind: 'field', prefix: field[1], start: cursor - field[1].length, end: cursor + after.length };
  }
  return null;
}

function valueContext(text: string, cursor: number, match: RegExpExecArray): SuggestionContext {
  const field = match[1].toLowerCase() as ValueField;
  const operator = (match[2] ?? match[3]).toLowerCase().replace(/\s+/g, ' ');
  const raw = match[4];
  const leading = raw.length - raw.trimStart().length;
  let start = cursor - raw.length + leading;
  const quote = text[start] === "'" || text[start] === '"' ? text[start] : null;
  if (quote) start++;

  // The keyword runs on past the cursor to the end of the value.
  const rest = text.slice(cursor);
  const tail = quote
    ? (new RegExp(`^[^${quote}&|()]*`).exec(rest)?.[0] ?? '')
    : (/^[^&|()]*/.exec(rest)?.[0] ?? '');
  const keyword = (text.slice(start, cursor) + tail).replace(/\s+$/, '');
  const closingQuote = quote !== null && text[start + keyword.length] === quote;

  const range = autocompleteReplaceRange({
    keyword,
    startPos: start,
    endPos: start + keyword.length,
    operator,
    closingQuote,
  });
  const lastItem = operator === 'in' || operator === 'not in' || operator.startsWith('?');
  const typed = text.slice(start, cursor);
  const search = (lastItem ? typed.slice(typed.lastIndexOf(',') + 1) : typed).trim().replace(/^['"]/, '');
  return {
    kind: 'value',
    field,
    search,
    start: range.start - 1,
    end: range.end - 1,
    closingQuote: closingQuote ? quote : null,
  };
}

/** A title as a filter value: quoted when it holds characters that would end or split the value. */
export function filterValueText(title: string): string {
  if (!/[&|(),<'"]/.test(title) && title.trim() === title) return title;
  if (!title.includes("'")) return `'${title}'`;
  if (!title.includes('"')) return `"${title}"`;
  return `'${title.replace(/'/g, "\\'")}'`;
}

/** The text after picking `insert` for the context, and where the cursor goes. */
export function applySuggestion(
  text: string,
  context: SuggestionContext,
  insert: string,
): { text: string; cursor: number } {
  let replacement = insert;
  if (context.kind === 'field' || context.kind === 'operator') replacement = `${insert} `;
  if (context.kind === 'value' && context.closingQuote) replacement = `${insert}${context.closingQuote}`;
  const next = text.slice(0, context.start) + replacement + text.slice(context.end);
  return { text: next, cursor: context.start + replacement.length };
}
