/**
 * Prefixed items (behaviour.md §1.3): labels, project, priority and assignees written as a prefix
 * character followed by a name, a quoted name, or a doubled prefix.
 */

export type PrefixMode = 'vikunja' | 'todoist';

export interface PrefixSet {
  label: string;
  project: string;
  priority: string;
  assignee: string;
}

export const QUICK_ADD_PREFIXES: Readonly<Record<PrefixMode, Readonly<PrefixSet>>> = {
  vikunja: { label: '*', project: '+', priority: '!', assignee: '@' },
  todoist: { label: '@', project: '#', priority: '!', assignee: '+' },
};

interface PrefixedItem {
  value: string;
  /** Index of the prefix character. */
  start: number;
  /** Index just after the token (after the closing quote, if any). */
  end: number;
}

/** Reads the token whose prefix character sits at `at`. */
function readItem(text: string, at: number, prefix: string): PrefixedItem {
  let valueStart = at + 1;
  // A doubled prefix (`**x`) still names `x`.
  if (text[valueStart] === prefix) valueStart++;
  const quote = text[valueStart];
  if (quote === '"' || quote === "'") {
    const close = text.indexOf(quote, valueStart + 1);
    // An unclosed quote takes the rest of the text.
    if (close === -1) return { value: text.slice(valueStart + 1), start: at, end: text.length };
    return { value: text.slice(valueStart + 1, close), start: at, end: close + 1 };
  }
  const space = text.indexOf(' ', valueStart);
  const end = space === -1 ? text.length : space;
  return { value: text.slice(valueStart, end), start: at, end };
}

/**
 * Every item for `prefix`, in order. An item starts where the prefix is the first character or
 * follows a space (so `email@example.com` and `Learn C#` hold none). Empty values are skipped,
 * which is why `@ 15:00` is never an item. Items never overlap: scanning resumes after a token.
 */
function findItems(text: string, prefix: string): PrefixedItem[] {
  const items: PrefixedItem[] = [];
  let from = 0;
  while (from < text.length) {
    const at = text.indexOf(prefix, from);
    if (at === -1) break;
    if (at > 0 && text[at - 1] !== ' ') {
      from = at + 1;
      continue;
    }
    const item = readItem(text, at, prefix);
    if (item.value === '') {
      from = at + 1;
      continue;
    }
    items.push(item);
    from = item.end;
  }
  return items;
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * Removes the tokens naming one of `values` (compared case-insensitively), each with one trailing
 * space. Ordo removes a token only where it stands whole: it must also be followed by a space or the
 * end of the text, so `Lorem *a *abc` loses both tokens and keeps no `bc` (behaviour.md §11).
 */
export function removePrefixedItems(text: string, prefix: string, values: readonly string[]): string {
  if (values.length === 0) return text;
  const wanted = new Set(values.map((value) => value.toLowerCase()));
  let result = '';
  let kept = 0;
  for (const item of findItems(text, prefix)) {
    if (!wanted.has(item.value.toLowerCase())) continue;
    if (item.end < text.length && text[item.end] !== ' ') continue;
    result += text.slice(kept, item.start);
    kept = item.end < text.length ? item.end + 1 : item.end;
  }
  return result + text.slice(kept);
}

export interface Extracted<T> {
  value: T;
  text: string;
}

/** All labels, first-seen order, case-sensitive de-duplication; their tokens are removed. */
export function extractLabels(text: string, prefix: string): Extracted<string[]> {
  const labels = unique(findItems(text, prefix).map((item) => item.value));
  return { value: labels, text: removePrefixedItems(text, prefix, labels) };
}

/** Only the first project item counts, and only its tokens are removed. */
export function extractProject(text: string, prefix: string): Extracted<string | null> {
  const first = findItems(text, prefix)[0];
  if (!first) return { value: null, text };
  return { value: first.value, text: removePrefixedItems(text, prefix, [first.value]) };
}

const WHOLE_NUMBER = /^\d+$/;

/**
 * The first item that is a whole number from 0 to 5 wins (`!0` counts). Ordo accepts digits only,
 * so `!3abc` stays in the text (behaviour.md §11). Invalid items stay in the text.
 */
export function extractPriority(
  text: string,
  prefix: string,
): Extracted<number | null> & { item: string | null } {
  for (const item of findItems(text, prefix)) {
    if (!WHOLE_NUMBER.test(item.value)) continue;
    const priority = Number(item.value);
    if (priority > 5) continue;
    return { value: priority, item: item.value, text: removePrefixedItems(text, prefix, [item.value]) };
  }
  return { value: null, item: null, text };
}

/**
 * A private-use character absent from the text: never a letter, digit or space, so no later rule
 * matches across it.
 */
function maskCharacterFor(text: string): string | null {
  for (let code = 0xe000; code <= 0xf8ff; code++) {
    const character = String.fromCharCode(code);
    if (!text.includes(character)) return character;
  }
  return null;
}

/**
 * Hides the items that stay in the text (assignees) from the later steps, so a quoted name such as
 * `@"Sam at 5"` is not read as a time. Each token becomes a run of mask characters of the same
 * length; `restore` puts the tokens back in order. Tokens are always separated by a space, which no
 * later removal takes away, so runs never merge.
 */
export function maskPrefixedItems(
  text: string,
  prefix: string,
): { text: string; restore(masked: string): string } {
  const items = findItems(text, prefix);
  const mask = items.length === 0 ? null : maskCharacterFor(text);
  if (mask === null) return { text, restore: (masked) => masked };
  let masked = '';
  let kept = 0;
  for (const item of items) {
    masked += text.slice(kept, item.start) + mask.repeat(item.end - item.start);
    kept = item.end;
  }
  masked += text.slice(kept);
  const tokens = items.map((item) => text.slice(item.start, item.end));
  const maskRun = new RegExp(`${mask}+`, 'g');
  return {
    text: masked,
    restore: (maskedText) => {
      let index = 0;
      return maskedText.replace(maskRun, () => tokens[index++] ?? '');
    },
  };
}

/** Assignee names, de-duplicated; the text is left as it was (task creation removes real users). */
export function findAssignees(text: string, prefix: string): string[] {
  return unique(findItems(text, prefix).map((item) => item.value));
}
