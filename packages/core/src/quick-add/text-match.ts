/** Letters and digits of any script: what counts as "inside a word" for quick-add boundaries. */
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** True when `index` is the start of the text or a space sits right before it. */
export function startsWord(text: string, index: number): boolean {
  return index === 0 || text[index - 1] === ' ';
}

/** True when `index` is the end of the text or the character there is not a letter or digit. */
export function endsWord(text: string, index: number): boolean {
  return index >= text.length || !WORD_CHARACTER.test(text[index]);
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Removes every case-insensitive occurrence of `phrase` that stands as whole words (start of text or
 * a space before it, no letter or digit after it). Surrounding spaces stay, so removing `b` from
 * `a b c` gives `a  c`; the pipeline trims only the ends, as Vikunja does.
 */
export function removeWholeWords(text: string, phrase: string): string {
  if (phrase === '') return text;
  const pattern = new RegExp(escapeRegExp(phrase), 'gi');
  return text.replace(pattern, (match: string, offset: number) =>
    startsWord(text, offset) && endsWord(text, offset + match.length) ? '' : match,
  );
}

/** Cuts `[start, end)` out of the text. */
export function cutSpan(text: string, start: number, end: number): string {
  return text.slice(0, start) + text.slice(end);
}
