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
    expect(rankTaskMatches([[body(3), title(9), body(1), title(4)]])).toEqual([4, 9, 1, 3]);
  });

  it('counts a task once however many of its terms hold the word, in the title if any does', () => {
    expect(rankTaskMatches([[body(5), title(5), body(5), body(2)]])).toEqual([5, 2]);
  });

  it('keeps only tasks every word found, ranked all in title, some, none', () => {
    const kitchen = [title(1), title(2), body(3), body(4), title(6)];
    const plumber = [title(1), body(2), title(3), body(4), body(5)];
    expect(rankTaskMatches([kitchen, plumber])).toEqual([1, 2, 3, 4]);
    expect(rankTaskMatches([kitchen, plumber, [body(4), body(1)]])).toEqual([1, 4]);
  });

  it('finds nothing when a word finds nothing, or without words', () => {
    expect(rankTaskMatches([[title(1)], []])).toEqual([]);
    expect(rankTaskMatches([])).toEqual([]);
  });
});
