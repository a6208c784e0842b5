/**
 * How the `s` parameter of a task list is read (reference §4.2, §4.6): the words every match must
 * contain, the `#12` indexes and the `PROJ-12` identifiers that also find a task directly.
 * The server turns this into full-text SQL; the rules live here so both databases agree.
 */

/** The term index finds terms by their trigrams: shorter words are matched by a plain substring scan. */
export const MIN_INDEXED_WORD_LENGTH = 3;

export interface TaskSearchTerms {
  /** Lower-cased words, each of which must occur in the title or the description. */
  words: string[];
  /** `#12` anywhere: the task with index 12 in any project in scope. */
  indexes: number[];
  /** `PROJ-12`: the task with index 12 in the project whose identifier is `PROJ`. */
  identifiers: { identifier: string; index: number }[];
}

// A project identifier is at most 10 characters (reference §4.6) and cannot contain spaces.
const IDENTIFIER = /^([^\s#-][^\s]{0,9})-(\d+)$/u;
const HASH_INDEX = /#(\d+)/g;

function safeIndex(digits: string): number | null {
  const n = Number(digits);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function parseTaskSearch(text: string): TaskSearchTerms {
  const words = text
    .trim()
    .toLowerCase()
    .split(/\s+/u)
    .filter((w) => w !== '');
  const indexes = new Set<number>();
  for (const m of text.matchAll(HASH_INDEX)) {
    const n = safeIndex(m[1]);
    if (n !== null) indexes.add(n);
  }
  const identifiers: TaskSearchTerms['identifiers'] = [];
  for (const word of text.trim().split(/\s+/u)) {
    const m = IDENTIFIER.exec(word);
    const n = m ? safeIndex(m[2]) : null;
    if (m && n !== null) identifiers.push({ identifier: m[1].toUpperCase(), index: n });
  }
  return { words: [...new Set(words)], indexes: [...indexes], identifiers };
}

/** Words long enough for the term index, and the rest. */
export function splitIndexedWords(words: readonly string[]): { indexed: string[]; short: string[] } {
  const indexed = words.filter((w) => [...w].length >= MIN_INDEXED_WORD_LENGTH);
  const short = words.filter((w) => [...w].length < MIN_INDEXED_WORD_LENGTH);
  return { indexed, short };
}

/**
 * An FTS5 query that needs every word as a substring (trigram tokenizer; the vocabulary of the
 * term index on SQLite): each word is a quoted string, with embedded quotes doubled, so user text
 * can never be read as query syntax.
 */
export function fts5AllWordsQuery(words: readonly string[]): string {
  return words.map(fts5String).join(' ');
}

function fts5String(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/**
 * Ranks a search's matches as the task lists rank them: every word in the title first, then some
 * word in the title, then none, each by id. `perWord` holds, for each word, its matching tasks as
 * `task id * 2 + (1 when the word is in the title)`, a task possibly more than once (one entry
 * per matching term). A match is a task every word found. Returns the task ids in rank order.
 */
export function rankTaskMatches(perWord: readonly (readonly number[])[]): number[] {
  if (perWord.length === 0) return [];
  // Per task: how many words found it so far, and in how many of them the word is in the title.
  const found = new Map<number, { words: number; inTitle: number }>();
  perWord.forEach((matches, word) => {
    const titleOfWord = new Map<number, number>();
    for (const match of matches) {
      const id = Math.floor(match / 2);
      titleOfWord.set(id, Math.max(titleOfWord.get(id) ?? 0, match % 2));
    }
    for (const [id, inTitle] of titleOfWord) {
      const seen = found.get(id);
      if (word === 0) found.set(id, { words: 1, inTitle });
      else if (seen && seen.words === word) {
        seen.words++;
        seen.inTitle += inTitle;
      }
    }
  });
  const ranks: number[][] = [[], [], []];
  const all = perWord.length;
  for (const [id, { words, inTitle }] of found) {
    if (words !== all) continue;
    ranks[inTitle === all ? 0 : inTitle > 0 ? 1 : 2].push(id);
  }
  return ranks.flatMap((ids) => ids.sort((a, b) => a - b));
}
