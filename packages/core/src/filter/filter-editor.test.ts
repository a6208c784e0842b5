import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autocompleteReplaceRange, hasFilterQuery } from './filter-editor.js';
import { filterIdsToTitles, filterTitlesToIds } from './filter-titles.js';

const byTitle =
  (entries: Record<string, number>, ignoreCase = false) =>
  (title: string) => {
    const key = Object.keys(entries).find((name) =>
      ignoreCase ? name.toLowerCase() === title.toLowerCase() : name === title,
    );
    return key === undefined ? null : entries[key];
  };
const byId = (entries: Record<number, string>) => (id: number) => entries[id];

describe('hasFilterQuery (behaviour.md §4.1, Ordo whole-word rule)', () => {
  it.each([
    'done = true',
    'labels in 1',
    'title like foo',
    'a ?= b',
    'x < y',
    'priority >= 3',
    'labels not in 1',
    'in',
  ])('%j is a filter query', (text) => {
    expect(hasFilterQuery(text)).toBe(true);
  });

  it.each(['done', 'foo bar', 'meeting notes', 'unlikely', 'inbox', 'within', ''])(
    '%j is not a filter query',
    (text) => {
      expect(hasFilterQuery(text)).toBe(false);
    },
  );
});

describe('filterTitlesToIds (behaviour.md §4.3)', () => {
  const lookups = {
    labelIdByTitle: byTitle({ lorem: 1, ipsum: 2 }),
    projectIdByTitle: byTitle({ lorem: 1, ipsum: 2 }),
  };

  it.each([
    ['labels = lorem && dueDate = now && labels = ipsum', 'labels = 1 && due_date = now && labels = 2'],
    ['labels in lorem,ipsum', 'labels in 1, 2'],
    ['labels not in lorem, ipsum && dueDate = now', 'labels not in 1, 2 && due_date = now'],
    ['labels in lorem, unknown', 'labels in 1, unknown'],
    ['labels ?= lorem, ipsum', 'labels ?= 1, 2'],
    ['labels != lorem', 'labels != 1'],
    ['project = lorem && dueDate = now || project = ipsum', 'project = 1 && due_date = now || project = 2'],
    ['percentDone > 50 || endDate < now+7d', 'percent_done > 50 || end_date < now+7d'],
    ['dueDate > 2024-01-01||+1M/d && labels = lorem', 'due_date > 2024-01-01||+1M/d && labels = 1'],
    ['title like foo', 'title like foo'],
    ['  done = false  ', 'done = false'],
    ['   ', ''],
    ['', ''],
    ['labels=ipsum', 'labels = 2'],
    ['labels =ipsum', 'labels = 2'],
    ['labels= ipsum', 'labels = 2'],
    ['labels = "foo bar"', 'labels = foo bar'],
    ['labels in ipsum || labels in l', 'labels in 2 || labels in l'],
    ['startdate > now', 'start_date > now'],
    ['DueDate < now', 'due_date < now'],
    ['PERCENTDONE = 100', 'percent_done = 100'],
    ['dueDate > now/d && startDate < now/w+1w', 'due_date > now/d && start_date < now/w+1w'],
  ])('%j is sent as %j', (input, expected) => {
    expect(filterTitlesToIds(input, lookups)).toBe(expected);
  });

  it('handles titles with apostrophes (looked up ignoring case)', () => {
    const apostrophes = {
      labelIdByTitle: byTitle({ "John's Task": 1, "Mary's Project": 2 }, true),
      projectIdByTitle: byTitle({}, true),
    };
    expect(filterTitlesToIds(`labels = "John's Task"`, apostrophes)).toBe('labels = 1');
    expect(filterTitlesToIds("labels = 'Mary\\'s Project'", apostrophes)).toBe('labels = 2');
    expect(filterTitlesToIds(`labels in "John's Task", "Mary's Project"`, apostrophes)).toBe(
      'labels in 1, 2',
    );
    const unquoted = { labelIdByTitle: byTitle({ "John's": 1 }), projectIdByTitle: byTitle({}) };
    expect(filterTitlesToIds("labels = John's", unquoted)).toBe('labels = 1');
  });

  it('replaces inside parentheses', () => {
    const lookupsWithGroups = {
      labelIdByTitle: byTitle({ label: 456 }),
      projectIdByTitle: byTitle({ Filtertest: 123 }),
    };
    expect(filterTitlesToIds('( labels = label || project = Filtertest )', lookupsWithGroups)).toBe(
      '( labels = 456 || project = 123 )',
    );
  });

  it('passes the text to the lookup as typed, labels before projects', () => {
    const calls: string[] = [];
    filterTitlesToIds('project = Work && labels = Urgent Stuff', {
      labelIdByTitle: (title) => {
        calls.push(`label:${title}`);
        return null;
      },
      projectIdByTitle: (title) => {
        calls.push(`project:${title}`);
        return null;
      },
    });
    expect(calls).toEqual(['label:Urgent Stuff', 'project:Work']);
  });
});

describe('filterIdsToTitles (behaviour.md §4.4)', () => {
  const lookups = {
    labelTitleById: byId({ 1: 'lorem', 2: 'ipsum' }),
    projectTitleById: byId({ 1: 'lorem', 2: 'ipsum' }),
  };

  it.each([
    ['labels in 1,2', 'labels in lorem, ipsum'],
    ['labels in 1, 3', 'labels in lorem, 3'],
    ['project = 1 && labels = 2', 'project = lorem && labels = ipsum'],
    ['percent_done > 50 && done_at < now', 'percentDone > 50 && doneAt < now'],
    ['priority = 1 && labels = 1', 'priority = 1 && labels = lorem'],
    ['', ''],
    ['  ', ''],
  ])('%j is shown as %j', (input, expected) => {
    expect(filterIdsToTitles(input, lookups)).toBe(expected);
  });

  it('keeps the id when the lookup answers nothing or an empty title', () => {
    const empty = { labelTitleById: () => '', projectTitleById: () => null };
    expect(filterIdsToTitles('labels = 1 && project in 2', empty)).toBe('labels = 1 && project in 2');
  });

  it('inserts titles with apostrophes as they are', () => {
    const apostrophes = {
      labelTitleById: byId({ 1: "John's Task" }),
      projectTitleById: byId({ 2: "Mary's Project" }),
    };
    expect(filterIdsToTitles('labels = 1 && project = 2 || priority = 1', apostrophes)).toBe(
      "labels = John's Task && project = Mary's Project || priority = 1",
    );
  });
});

describe('autocompleteReplaceRange (behaviour.md §4.5)', () => {
  it.each([
    ['Work To Do', 11, 21, 'in', false, 12, 22],
    ['MyProject', 10, 19, '=', false, 11, 20],
    ['Inbox, Work To Do', 11, 28, 'in', false, 19, 29],
    ['One, Two, Three', 11, 26, 'in', false, 22, 27],
    ['A,B,C', 5, 10, 'in', false, 10, 11],
    ['Label1, Label2', 10, 24, '?=', false, 19, 25],
    ['Value, With, Commas', 10, 29, '=', false, 11, 30],
    ['Work To Do', 12, 22, '=', true, 13, 24],
    ['Inbox, Work To Do', 12, 29, 'in', true, 20, 31],
  ])(
    '%j (%i–%i) with %s, closing quote %s, replaces %i–%i',
    (keyword, startPos, endPos, operator, closingQuote, start, end) => {
      expect(autocompleteReplaceRange({ keyword, startPos, endPos, operator, closingQuote })).toEqual({
        start,
        end,
      });
    },
  );
});

describe('editor helpers on arbitrary text', () => {
  it('never throw, and a text without labels or projects round-trips through both directions', () => {
    const words = fc.constantFrom(
      'labels',
      'project',
      'dueDate',
      'done',
      ' = ',
      ' in ',
      ',',
      "'",
      '"',
      '&&',
      '||',
      '(',
      ')',
      'x',
      '1',
      ' ',
    );
    fc.assert(
      fc.property(fc.string({ unit: words, maxLength: 20 }), (text) => {
        const toIds = filterTitlesToIds(text, { labelIdByTitle: () => 7, projectIdByTitle: () => null });
        filterIdsToTitles(toIds, { labelTitleById: () => 'seven', projectTitleById: () => undefined });
      }),
    );
    expect(
      filterIdsToTitles(
        filterTitlesToIds('dueDate < now && done = false', {
          labelIdByTitle: () => 1,
          projectIdByTitle: () => 1,
        }),
        {
          labelTitleById: () => 'x',
          projectTitleById: () => 'y',
        },
      ),
    ).toBe('dueDate < now && done = false');
  });
});
