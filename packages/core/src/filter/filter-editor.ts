/** Small rules of the filter editor (behaviour.md §4.1, §4.5). */

/**
 * Does the text look like a filter query rather than a search? Symbol operators count anywhere;
 * the word operators `in`, `not in` and `like` only as whole words (Ordo: `meeting notes` is a search).
 */
export function hasFilterQuery(text: string): boolean {
  return /[=<>]/.test(text) || /(?<![A-Za-z0-9_])(?:in|like)(?![A-Za-z0-9_])/.test(text);
}

export interface AutocompleteSelection {
  /** The typed keyword being completed. */
  keyword: string;
  /** Where the keyword starts and ends in the text, counted from 0. */
  startPos: number;
  endPos: number;
  /** The clause's operator as written (`in`, `not in`, `?=`, `?!=`, `=`, …). */
  operator: string;
  /** A closing quote follows the keyword. */
  closingQuote?: boolean;
}

const multiValueOperators = new Set(['in', 'not in', '?=', '?!=']);

/**
 * The range (counted from 1, as the editor does) that a picked autocomplete entry replaces. For a
 * list operator only the item after the last comma is replaced; a closing quote is replaced too.
 */
export function autocompleteReplaceRange(selection: AutocompleteSelection): { start: number; end: number } {
  const { keyword, startPos, endPos, operator, closingQuote = false } = selection;
  let offset = 0;
  const lastComma = keyword.lastIndexOf(',');
  if (multiValueOperators.has(operator) && lastComma !== -1) {
    offset = lastComma + 1;
    while (keyword[offset] === ' ') offset++;
  }
  return { start: startPos + offset + 1, end: endPos + 1 + (closingQuote ? 1 : 0) };
}
