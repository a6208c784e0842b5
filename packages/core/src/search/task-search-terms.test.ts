import { describe, expect, it } from 'vitest';
import {
  fts5AllWordsQuery,
  fts5RankQueries,
  parseTaskSearch,
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

describe('fts5RankQueries', () => {
  it('asks for every word anywhere and every word in the title', () => {
    expect(fts5RankQueries(['kitchen', 'say"hi'])).toEqual({
      all: '"kitchen" "say""hi"',
      titleAll: 'title : ("kitchen" "say""hi")',
    });
  });
});
