/**
 * How the `s` parameter of a task list is read (reference §4.2, §4.6): the words every match must
 * contain, the `#12` indexes and the `PROJ-12` identifiers that also find a task directly.
 * The server turns this into full-text SQL; the rules live here so both databases agree.
 */

/** Full-text indexes work on trigrams: shorter words are matched by a plain substring scan. */
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

/** Words long enough for the trigram index, and the rest. */
export function splitIndexedWords(words: readonly string[]): { indexed: string[]; short: string[] } {
  const indexed = words.filter((w) => [...w].length >= MIN_INDEXED_WORD_LENGTH);
  const short = words.filter((w) => [...w].length < MIN_INDEXED_WORD_LENGTH);
  return { indexed, short };
}

/**
 * An FTS5 query that needs every word as a substring (trigram tokenizer): each word is a quoted
 * string, with embedded quotes doubled, so user text can never be read as query syntax.
 */
export function fts5AllWordsQuery(words: readonly string[]): string {
  return words.map(fts5String).join(' ');
}

function fts5String(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** FTS5 queries for a ranked search, over a table with a `title` column. */
export interface Fts5RankQueries {
  /** Every word, anywhere: the matches. */
  all: string;
  /** Every word in the title: the best rank. */
  titleAll: string;
}

export function fts5RankQueries(words: readonly string[]): Fts5RankQueries {
  const all = fts5AllWordsQuery(words);
  return { all, titleAll: `title : (${all})` };
}
