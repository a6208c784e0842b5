import { describe, expect, it } from 'vitest';
import {
  fts5AllWordsQuery,
  parseTaskSearch,
  rankTaskMatches,
  splitIndexedWords,
} from './task-search-terms.js';

describe('parseTaskSearch', () => {
  it('splits lower-cased words on whitespace, without duplicates', () => {
    expect(parseTaskSearch('  Landing  PAGES landing ').words).toEqual(['landing', 'pages']);
    expect(parseTaskSearch('   ').words).toEqual([]);
  });

  it('reads #n anywhere as a task index', () => {
    expect(parseTaskSearch('#12').indexes).toEqual([12]);
    expect(parseTaskSearch('fix #3 and #4#5').indexes).toEqual([3, 4, 5]);
    expect(parseTaskSearch('#0 #x').indexes).toEqual([]);
  });

  it('reads IDENT-n words as project identifier and index', () => {
    expect(parseTaskSearch('proj-12').identifiers).toEqual([{ identifier: 'PROJ', index: 12 }]);
    expect(parseTaskSearch('see ABC-3 now').identifiers).toEqual([{ identifier: 'ABC', index: 3 }]);
    expect(parseTaskSearch('well-known').identifiers).toEqual([]);
    expect(parseTaskSearch('toolongident-4').identifiers).toEqual([]);
    expect(parseTaskSearch('#-4').identifiers).toEqual([]);
  });
});

describe('splitIndexedWords', () => {
  it('keeps words of three or more characters for the index', () => {
    expect(splitIndexedWords(['ab', 'abc', 'é', 'déjà'])).toEqual({
      indexed: ['abc', 'déjà'],
      short: ['ab', 'é'],
    });
  });
});

describe('fts5AllWordsQuery', () => {
  it('quotes every word and doubles embedded quotes', () => {
    expect(fts5AllWordsQuery(['foo', 'say"hi', 'a OR b'])).toBe('"foo" "say""hi" "a OR b"');
  });
});

describe('rankTaskMatches', () => {
  const title = (id: number) => id * 2 + 1;
  const body = (id: number) => id * 2;

  it('puts title hits before description hits, each by id', () => {
    expect(rankTaskMatches([[body(3), title(9), body(1), title(4)]]).ids).toEqual([4, 9, 1, 3]);
  });

  it('counts a task once however many of its terms hold the word, in the title if any does', () => {
    expect(rankTaskMatches([[body(5), title(5), body(5), body(2)]]).ids).toEqual([5, 2]);
  });

  it('keeps only tasks every word found, ranked all in title, some, none', () => {
    const kitchen = [title(1), title(2), body(3), body(4), title(6)];
    const plumber = [title(1), body(2), title(3), body(4), body(5)];
    expect(rankTaskMatches([kitchen, plumber]).ids).toEqual([1, 2, 3, 4]);
    expect(rankTaskMatches([kitchen, plumber, [body(4), body(1)]]).ids).toEqual([1, 4]);
  });

  it('finds nothing when a word finds nothing, or without words', () => {
    expect(rankTaskMatches([[title(1)], []]).ids).toEqual([]);
    expect(rankTaskMatches([]).ids).toEqual([]);
  });

  it('ranks task ids beyond 32-bit codes as exactly as small ones', () => {
    // Codes of ids from 2^30 on no longer fit the 32-bit sort.
    const big = 2 ** 30;
    const large = 2 ** 40 + 7;
    const word = [body(large), title(big), body(big - 1), title(5), body(big)];
    expect(rankTaskMatches([word]).ids).toEqual([5, big, big - 1, large]);
    expect(rankTaskMatches([word, [title(large), body(5)]]).ids).toEqual([5, large]);
  });

  it('agrees with a plain ranking on random matches', () => {
    // The reference: per task, how many words found it in the title, every word needed.
    const reference = (perWord: number[][]) => {
      const counts = new Map<number, { words: number; inTitle: number }>();
      perWord.forEach((codes, word) => {
        const seen = new Map<number, number>();
        for (const code of codes) {
          const id = Math.floor(code / 2);
          seen.set(id, Math.max(seen.get(id) ?? 0, code % 2));
        }
        for (const [id, t] of seen) {
          const c = counts.get(id) ?? { words: 0, inTitle: 0 };
          if (c.words === word) counts.set(id, { words: word + 1, inTitle: c.inTitle + t });
        }
      });
      const all = perWord.length;
      const found = [...counts].filter(([, c]) => c.words === all).sort((a, b) => a[0] - b[0]);
      const rank = (t: number) => (t === all ? 0 : t > 0 ? 1 : 2);
      return found.sort((a, b) => rank(a[1].inTitle) - rank(b[1].inTitle)).map(([id]) => id);
    };
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 50; round++) {
      const words = 1 + random(3);
      // Every fifth round has word lists as long as a common word's, which take the radix sort.
      const long = round % 5 === 4;
      const perWord = Array.from({ length: words }, () =>
        Array.from(
          { length: long ? 1500 + random(2500) : random(60) },
          () => random(long ? 3000 : 40) * 2 + random(2),
        ),
      );
      const ranked = reference(perWord);
      expect(rankTaskMatches(perWord).ids).toEqual(ranked);
      // Any page is the same stretch of the whole ranking, with the whole count.
      const offset = random(ranked.length + 2);
      const limit = 1 + random(8);
      expect(rankTaskMatches(perWord, offset, limit)).toEqual({
        ids: ranked.slice(offset, offset + limit),
        total: ranked.length,
      });
      // Named tasks (`#12`, `PROJ-12`) come first, by id, each once, whether the words found them or not.
      const named = Array.from({ length: random(4) }, () => random(45));
      const first = [...new Set(named)].sort((a, b) => a - b);
      const withNamed = [...first, ...ranked.filter((id) => !first.includes(id))];
      expect(rankTaskMatches(perWord, 0, Number.POSITIVE_INFINITY, named).ids).toEqual(withNamed);
      expect(rankTaskMatches(perWord, offset, limit, named)).toEqual({
        ids: withNamed.slice(offset, offset + limit),
        total: withNamed.length,
      });
    }
  });

  it('puts the named tasks first, counts a named task the words found once, and pages across both', () => {
    // Words: 4 and 9 in the title, 1 and 3 in the description; #3 and #7 are named.
    const word = [body(3), title(9), body(1), title(4)];
    expect(rankTaskMatches([word], 0, 50, [7, 3, 7])).toEqual({ ids: [3, 7, 4, 9, 1], total: 5 });
    expect(rankTaskMatches([word], 1, 2, [7, 3])).toEqual({ ids: [7, 4], total: 5 });
    expect(rankTaskMatches([word], 4, 2, [7, 3])).toEqual({ ids: [1], total: 5 });
    // A named task counts even when a word found nothing, or there are no words.
    expect(rankTaskMatches([[title(1)], []], 0, 50, [2])).toEqual({ ids: [2], total: 1 });
    expect(rankTaskMatches([], 0, 50, [5, 2])).toEqual({ ids: [2, 5], total: 2 });
  });

  it('answers a page that spans the ranks, and the count of every match', () => {
    // Ranks: 4 and 9 in the title, then 1 and 3 in the description only.
    const word = [body(3), title(9), body(1), title(4)];
    expect(rankTaskMatches([word], 1, 2)).toEqual({ ids: [9, 1], total: 4 });
    expect(rankTaskMatches([word], 3, 50)).toEqual({ ids: [3], total: 4 });
    expect(rankTaskMatches([word], 4, 50)).toEqual({ ids: [], total: 4 });
  });
});
