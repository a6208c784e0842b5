import { describe, expect, it } from 'vitest';
import {
  type CustomFieldRule,
  CustomFieldValueError,
  customFieldDefinitionProblem,
  customFilterFields,
  isReservedFieldTitle,
  readCustomFieldValue,
} from './rules.js';

const field = (kind: CustomFieldRule['kind'], options: string[] = []): CustomFieldRule => ({
  title: 'F',
  kind,
  options,
});

function refusal(rule: CustomFieldRule, raw: unknown): [string, string[]] {
  try {
    readCustomFieldValue(rule, raw);
  } catch (error) {
    if (error instanceof CustomFieldValueError) return [error.key, error.params];
    throw error;
  }
  throw new Error(`${JSON.stringify(raw)} was accepted for ${rule.kind}`);
}

describe('customFieldDefinitionProblem', () => {
  it('accepts good definitions', () => {
    expect(customFieldDefinitionProblem({ title: 'Estimate', kind: 'number', options: [] })).toBeNull();
    expect(customFieldDefinitionProblem({ title: 'Status', kind: 'choice', options: ['A', 'B'] })).toBeNull();
    expect(
      customFieldDefinitionProblem({ title: 'Size', kind: 'number', options: [], showOnCards: true }),
    ).toBeNull();
  });

  it.each([
    [{ title: '', kind: 'text', options: [] }, 'the title is empty'],
    [{ title: 'x'.repeat(251), kind: 'text', options: [] }, 'longer than 250'],
    [{ title: 'Priority', kind: 'number', options: [] }, 'built-in'],
    [{ title: 'project', kind: 'text', options: [] }, 'built-in'],
    [{ title: 'Due_Date', kind: 'date', options: [] }, 'built-in'],
    [{ title: 'X', kind: 'colour', options: [] }, 'not a kind'],
    [{ title: 'X', kind: 'choice', options: [] }, '1 to 100 options'],
    [{ title: 'X', kind: 'choices', options: Array.from({ length: 101 }, (_, i) => `o${i}`) }, '1 to 100'],
    [{ title: 'X', kind: 'choice', options: ['a', ' '] }, 'an option is empty'],
    [{ title: 'X', kind: 'choice', options: ['a', 'y'.repeat(101)] }, 'longer than 100'],
    [{ title: 'X', kind: 'choice', options: ['a', 'a'] }, 'listed twice'],
    [{ title: 'X', kind: 'text', options: ['a'] }, 'has no options'],
    [{ title: 'X', kind: 'text', options: [], showOnCards: 'yes' }, 'show_on_cards is not true or false'],
    [{ title: 'X', kind: 'text', options: [], showOnCards: 1 }, 'show_on_cards is not true or false'],
    [{ title: 'X', kind: 'text', options: [], showOnCards: null }, 'show_on_cards is not true or false'],
  ])('%j → %s', (definition, reason) => {
    expect(customFieldDefinitionProblem(definition)).toContain(reason);
  });

  it('reserves built-in names and aliases ignoring case', () => {
    expect(isReservedFieldTitle('LABELS')).toBe(true);
    expect(isReservedFieldTitle(' done ')).toBe(true);
    expect(isReservedFieldTitle('Labels2')).toBe(false);
  });
});

describe('readCustomFieldValue', () => {
  it.each([
    ['text', [], 'hello', 'hello'],
    ['url', [], ' https://example.com/a?b=1 ', 'https://example.com/a?b=1'],
    ['number', [], 2.5, 2.5],
    ['number', [], -0, 0],
    ['checkbox', [], false, false],
    ['date', [], '2026-11-27T11:00:00+01:00', '2026-11-27T10:00:00Z'],
    ['choice', ['A', 'B'], 'B', 'B'],
    ['choices', ['A', 'B', 'C'], ['C', 'A'], ['C', 'A']],
    ['user', [], 7, 7],
    ['user', [], { id: 7, username: 'x' }, 7],
  ] as const)('%s %j %j → %j', (kind, options, raw, normal) => {
    expect(readCustomFieldValue(field(kind, [...options]), raw)).toEqual(normal);
  });

  it.each([null, '', []])('%j clears', (raw) => {
    expect(readCustomFieldValue(field('number'), raw)).toBeNull();
    expect(readCustomFieldValue(field('choices', ['A']), raw)).toBeNull();
  });

  it('reads the zero time as no date', () => {
    expect(readCustomFieldValue(field('date'), '0001-01-01T00:00:00Z')).toBeNull();
  });

  it.each([
    ['text', 5],
    ['text', 'x'.repeat(501)],
    ['url', 'ftp://example.com'],
    ['url', 'example.com'],
    ['url', `https://e.com/${'a'.repeat(2048)}`],
    ['number', '3'],
    ['number', Number.POSITIVE_INFINITY],
    ['checkbox', 'true'],
    ['date', 'tomorrow'],
    ['date', '2026-02-30T10:00:00Z'],
    ['date', 5],
    ['choice', 3],
    ['choices', 'A'],
    ['choices', ['A', 'A']],
    ['user', 'bob'],
    ['user', -3],
    ['user', { name: 'x' }],
  ] as const)('%s refuses %j (30121, naming the field)', (kind, raw) => {
    const [key, params] = refusal(field(kind, ['A', 'B']), raw);
    expect(key).toBe('customFieldValueInvalid');
    expect(params[0]).toBe('F');
  });

  it('refuses an unknown choice with 30122, naming the choice and the field', () => {
    expect(refusal(field('choice', ['A']), 'Z')).toEqual(['customFieldChoiceUnknown', ['Z', 'F']]);
    expect(refusal(field('choices', ['A']), ['A', 'Z'])).toEqual(['customFieldChoiceUnknown', ['Z', 'F']]);
  });
});

describe('customFilterFields', () => {
  it('maps lower-cased titles to filter kinds, the first field of a title deciding', () => {
    const fields = customFilterFields([
      { title: 'Estimate', kind: 'number' },
      { title: 'estimate', kind: 'text' },
      { title: 'Owner', kind: 'user' },
      { title: 'Tags', kind: 'choices' },
      { title: 'Due review', kind: 'date' },
      { title: 'OK', kind: 'checkbox' },
    ]);
    expect([...fields]).toEqual([
      ['estimate', 'float'],
      ['owner', 'usernames'],
      ['tags', 'string'],
      ['due review', 'date'],
      ['ok', 'bool'],
    ]);
  });
});
