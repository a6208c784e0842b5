import { describe, expect, it } from 'vitest';
import type { CustomField } from '../../api/custom-fields';
import {
  cardFields,
  filterFieldName,
  formatFieldValue,
  isWebUrl,
  movedPosition,
  optionsProblem,
  parseNumberText,
  sameValue,
  withFieldChanges,
} from './field-values';

const texts = { yes: 'Yes', no: 'No' };

describe('withFieldChanges', () => {
  it('replaces changed values and drops cleared ones, keeping the rest', () => {
    const values = { '1': 'a', '2': 5, '3': ['x'] };
    expect(withFieldChanges(values, { '2': 8, '3': null })).toEqual({ '1': 'a', '2': 8 });
    expect(withFieldChanges(values, { '1': '', '4': true })).toEqual({ '2': 5, '3': ['x'], '4': true });
    expect(withFieldChanges(values, { '3': [] })).toEqual({ '1': 'a', '2': 5 });
  });

  it('keeps false and 0, which are values', () => {
    expect(withFieldChanges({}, { '1': false, '2': 0 })).toEqual({ '1': false, '2': 0 });
  });
});

describe('cardFields', () => {
  const field = (id: number, kind: CustomField['kind'], showOnCards: boolean) =>
    ({ id, kind, showOnCards, title: `F${id}` }) as CustomField;

  it('keeps the marked fields with a value, in field order', () => {
    const fields = [field(3, 'number', true), field(1, 'text', false), field(2, 'choices', true)];
    const values = { '1': 'hidden', '2': ['a'], '3': 0 };
    expect(cardFields(fields, values).map((f) => f.id)).toEqual([3, 2]);
  });

  it('leaves out marked fields without a value, and an unticked checkbox', () => {
    const fields = [field(1, 'text', true), field(2, 'choices', true), field(3, 'checkbox', true)];
    expect(cardFields(fields, { '2': [], '3': false })).toEqual([]);
    expect(cardFields(fields, { '3': true }).map((f) => f.id)).toEqual([3]);
  });
});

describe('sameValue', () => {
  it('compares users by id, choices in any order, dates by instant', () => {
    expect(sameValue({ id: 3, username: 'a' }, { id: 3, username: 'b' })).toBe(true);
    expect(sameValue({ id: 3, username: 'a' }, { id: 4, username: 'a' })).toBe(false);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameValue(['a'], ['a', 'b'])).toBe(false);
    expect(sameValue('2026-11-27T10:00:00Z', '2026-11-27T10:00:00.000Z')).toBe(true);
    expect(sameValue(null, '')).toBe(true);
    expect(sameValue(0, null)).toBe(false);
  });
});

describe('parseNumberText', () => {
  it('reads numbers, a decimal comma, and nothing as null', () => {
    expect(parseNumberText('5')).toBe(5);
    expect(parseNumberText(' -2.5 ')).toBe(-2.5);
    expect(parseNumberText('2,5')).toBe(2.5);
    expect(parseNumberText('1e3')).toBe(1000);
    expect(parseNumberText('')).toBeNull();
  });

  it('refuses what is not a number', () => {
    expect(parseNumberText('five')).toBeUndefined();
    expect(parseNumberText('1,000,000')).toBeUndefined();
    expect(parseNumberText('3 apples')).toBeUndefined();
    expect(parseNumberText('1e999')).toBeUndefined();
  });
});

describe('formatFieldValue', () => {
  it('formats by kind and language', () => {
    expect(formatFieldValue({ kind: 'number' }, 1234.5, 'en', texts)).toBe('1,234.5');
    expect(formatFieldValue({ kind: 'number' }, 1234.5, 'de', texts)).toBe('1.234,5');
    expect(formatFieldValue({ kind: 'choices' }, ['Doing', 'Review'], 'en', texts)).toBe('Doing, Review');
    expect(formatFieldValue({ kind: 'checkbox' }, true, 'en', texts)).toBe('Yes');
    expect(formatFieldValue({ kind: 'checkbox' }, false, 'en', texts)).toBe('No');
    expect(formatFieldValue({ kind: 'user' }, { id: 1, username: 'ann', name: 'Ann Lee' }, 'en', texts)).toBe(
      'Ann Lee',
    );
    expect(formatFieldValue({ kind: 'user' }, { id: 1, username: 'ann', name: '' }, 'en', texts)).toBe('ann');
    expect(formatFieldValue({ kind: 'date' }, '2026-11-27T10:00:00Z', 'en', texts)).toMatch(
      /^27 Nov 2026, \d\d:\d\d$/,
    );
    expect(formatFieldValue({ kind: 'text' }, undefined, 'en', texts)).toBe('');
  });
});

describe('filterFieldName', () => {
  it('writes one-word titles bare and others in double quotes', () => {
    expect(filterFieldName('Estimate')).toBe('Estimate');
    expect(filterFieldName('story_points2')).toBe('story_points2');
    expect(filterFieldName('Story points')).toBe('"Story points"');
    expect(filterFieldName('Due-review')).toBe('"Due-review"');
  });
});

describe('isWebUrl', () => {
  it('accepts absolute http(s) addresses only', () => {
    expect(isWebUrl('https://example.com/a?b=1')).toBe(true);
    expect(isWebUrl('http://localhost:3000')).toBe(true);
    expect(isWebUrl('example.com')).toBe(false);
    expect(isWebUrl('ftp://example.com')).toBe(false);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl(`https://example.com/${'a'.repeat(2048)}`)).toBe(false);
  });
});

describe('optionsProblem', () => {
  it('needs 1–100 distinct choices of 1–100 characters', () => {
    expect(optionsProblem(['Todo', 'Doing'])).toBeNull();
    expect(optionsProblem([])).toBe('none');
    expect(optionsProblem(['  '])).toBe('none');
    expect(optionsProblem(Array.from({ length: 101 }, (_, i) => `o${i}`))).toBe('tooMany');
    expect(optionsProblem(['x'.repeat(101)])).toBe('tooLong');
    expect(optionsProblem(['a', 'a '])).toBe('repeated');
  });
});

describe('movedPosition', () => {
  const fields = [{ position: 100 }, { position: 200 }, { position: 300 }];
  it('places the field between its new neighbours', () => {
    expect(movedPosition(fields, 2, -1)).toBe(150);
    expect(movedPosition(fields, 1, -1)).toBe(50);
    expect(movedPosition(fields, 0, 1)).toBe(250);
    expect(movedPosition(fields, 1, 1)).toBe(300 + 65_536);
  });

  it('does nothing at either end', () => {
    expect(movedPosition(fields, 0, -1)).toBeNull();
    expect(movedPosition(fields, 2, 1)).toBeNull();
  });

  it('gets past a neighbour of the same position', () => {
    const same = [{ position: 5 }, { position: 5 }, { position: 5 }];
    expect(movedPosition(same, 2, -1)).toBeLessThan(5);
    expect(movedPosition(same, 0, 1)).toBeGreaterThan(5);
  });
});
