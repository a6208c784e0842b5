/**
 * How the `s` parameter of a task list is read (reference §4.2, §4.6): the words every match must
 * contain, the `#12` indexes and the `PROJ-12` identifiers that also find a task directly.
 * The server turns this into full-text SQL; the rules live here so both databases agree.
 */
import { sortedCodes } from './code-sort.js';

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

/** One page of ranked task ids, and how many tasks matched in all. */
export interface RankedTaskPage {
  ids: number[];
  total: number;
}

/**
 * Ranks a search's matches as the task lists rank them: the tasks `named` directly (`#12`,
 * `PROJ-12`) first, then every word in the title, then some word in the title, then none, each by
 * id, and answers the page from `offset` (`limit` ids).
 * `perWord` holds, for each word, its matching tasks as `task id * 2 + (1 when the word is in the
 * title)`, a task possibly more than once (one entry per matching term). A match is a task every
 * word found, or a named task (it need not hold the words).
 *
 * This runs on every search request over thousands of codes, so it works in place in typed
 * arrays and builds only the page: a server answering searches spends much of its time collecting
 * garbage, and the full ranked list (200 KB for 3,700 matches) was most of a search's garbage.
 */
export function rankTaskMatches(
  perWord: readonly ArrayLike<number>[],
  offset = 0,
  limit = Number.POSITIVE_INFINITY,
  named: readonly number[] = [],
): RankedTaskPage {
  const first = [...new Set(named)].sort((a, b) => a - b);
  if (perWord.length === 0) return { ids: first.slice(offset, offset + limit), total: first.length };
  // Per task, its id and in how many words' titles it is.
  let ids: Uint32Array | Float64Array = new Uint32Array(0);
  let inTitle = new Uint32Array(0);
  let found = 0;
  perWord.forEach((matches, word) => {
    const wordIds = sortedCodes(matches);
    const wordInTitle = new Uint32Array(wordIds.length);
    const count = toTasks(wordIds, wordInTitle);
    if (word === 0) {
      ids = wordIds;
      inTitle = wordInTitle;
      found = count;
      return;
    }
    // Keep, in place, the tasks this word found too (both lists are in id order).
    let kept = 0;
    for (let a = 0, b = 0; a < found && b < count; ) {
      if (ids[a] < wordIds[b]) a++;
      else if (ids[a] > wordIds[b]) b++;
      else {
        ids[kept] = ids[a];
        inTitle[kept++] = inTitle[a] + wordInTitle[b];
        a++;
        b++;
      }
    }
    found = kept;
  });
  const all = perWord.length;
  // A named task the words found too is ranked once, among the named (rank −1).
  const isNamed = new Set(first);
  let alsoNamed = 0;
  if (first.length > 0) {
    for (let i = 0; i < found; i++) {
      if (isNamed.has(ids[i])) {
        inTitle[i] = NAMED;
        alsoNamed++;
      }
    }
  }
  const total = first.length + found - alsoNamed;
  const rankOf = (i: number) => (inTitle[i] === NAMED ? -1 : inTitle[i] === all ? 0 : inTitle[i] > 0 ? 1 : 2);
  const end = Math.min(total, offset + limit);
  const page: number[] = first.slice(offset, end);
  // Walk the ranks in order, counting the tasks passed, until the page is full.
  for (let rank = 0, passed = first.length; rank < 3 && passed < end; rank++) {
    for (let i = 0; i < found && passed < end; i++) {
      if (rankOf(i) !== rank) continue;
      if (passed >= offset) page.push(ids[i]);
      passed++;
    }
  }
  return { ids: page, total };
}

/** The title mark of a match that is also a named task: it takes no word rank. */
const NAMED = 0xffffffff;

/**
 * Turns sorted codes into tasks in place: `codes` then starts with each task's id once and
 * `inTitle` with 1 where the word is in its title. Answers the number of tasks. Sorted
 * numerically, a task's entries lie together and the last carries the title mark if any does
 * (id * 2 + 1 follows id * 2); a task id never exceeds its codes, so writing behind the reading
 * position is safe.
 */
function toTasks(codes: Uint32Array | Float64Array, inTitle: Uint32Array): number {
  let found = 0;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i];
    const id = Math.floor(code / 2);
    if (i + 1 < codes.length && Math.floor(codes[i + 1] / 2) === id) continue;
    codes[found] = id;
    inTitle[found++] = code % 2;
  }
  return found;
}
