import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FilterComparator,
  type FilterCondition,
  FilterError,
  type FilterField,
  type FilterNode,
} from './filter-ast.js';
import { parseFilter } from './parse-filter.js';
import { printFilter } from './print-filter.js';

const equality: FilterComparator[] = ['=', '!=', 'in', 'not in'];
const ordered: FilterComparator[] = [...equality, '>', '>=', '<', '<='];

const listItem = fc.string().filter((s) => !s.includes(',') && s.trim() === s);
const dates = fc.constantFrom(
  'now',
  'now/d+1d',
  'now-1w/w',
  '2024-01-01||+1M/d',
  '2024-02-29',
  '2026-04-15T10:00:00Z',
  '1700000000000',
);
const integer = fc.integer({ min: -1e9, max: 1e9 });
const decimal = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => n + 0);

function conditionOf<V>(
  kind: FilterCondition['kind'],
  fields: FilterField[],
  comparators: FilterComparator[],
  single: fc.Arbitrary<V>,
  item: fc.Arbitrary<V>,
): fc.Arbitrary<FilterCondition> {
  return fc
    .record({ field: fc.constantFrom(...fields), comparator: fc.constantFrom(...comparators) })
    .chain(({ field, comparator }) =>
      (comparator === 'in' || comparator === 'not in'
        ? fc.array(item, { minLength: 1, maxLength: 4 })
        : single.map((v) => [v])
      ).map((values) => ({ type: 'condition', field, kind, comparator, values }) as FilterCondition),
    );
}

const condition = fc.oneof(
  conditionOf('bool', ['done'], equality, fc.boolean(), fc.boolean()),
  conditionOf('int', ['priority', 'project_id', 'bucket_id', 'index'], ordered, integer, integer),
  conditionOf('float', ['percent_done', 'position'], ordered, decimal, decimal),
  conditionOf(
    'string',
    ['title', 'description', 'hex_color', 'uid'],
    [...ordered, 'like'],
    fc.string(),
    listItem,
  ),
  conditionOf('date', ['due_date', 'start_date', 'reminders', 'done_at'], ordered, dates, dates),
  conditionOf('usernames', ['assignees'], [...equality, 'like'], fc.string(), listItem),
  conditionOf('labelIds', ['labels'], equality, integer, integer),
);

const { node } = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 5, depthIdentifier: 'filter' },
    condition,
    fc.record({
      type: fc.constant('junction' as const),
      join: fc.constantFrom('and' as const, 'or' as const),
      left: tie('node'),
      right: tie('node'),
    }),
  ),
}));

const filterish = fc.string({
  unit: fc.constantFrom(
    ...[
      'done',
      'title',
      'project',
      'due_date',
      'labels',
      'assignees',
      'percent_done',
      'foo',
      ' ',
      ' ',
      '=',
      '!=',
      '>=',
      '<',
      '?=',
      '~',
    ],
    ...[
      ' in ',
      ' not in ',
      ' like ',
      '&&',
      '||',
      '&',
      '|',
      '(',
      ')',
      "'",
      '"',
      '\\',
      ',',
      'true',
      '1',
      '2.5',
      'now',
      '/d',
      '+1d',
    ],
    ...['2024-01-01', '||+1M', 'x', 'é', '\n'],
  ),
  maxLength: 30,
});

const space = fc.constantFrom('', ' ', '  ');
const clauseText = fc
  .tuple(
    fc.constantFrom(
      'done',
      'title',
      'project',
      'due_date',
      'labels',
      'assignees',
      'percent_done',
      'priority',
      'reminders',
    ),
    space,
    fc.constantFrom('=', '!=', '>', '<=', 'in', 'not in', 'like', '?=', '?!=', '~'),
    fc.constantFrom(' ', '  '),
    fc.constantFrom(
      ...[
        'true',
        'f',
        '1',
        '2, 3',
        '4,5',
        '12.5',
        'now/d+1d',
        "'now+30d'",
        '2024-01-01||+1M/d',
        '2024-1-5',
        'foo bar',
      ],
      ...["it's", "'a\\'b'", '"x, y"', '\'p\', "q"', 'alice', "'John,Jane'", 'x\\y', "'a' 'b'", 'é'],
    ),
    space,
  )
  .map((parts) => parts.join(''));
const structured = fc
  .array(fc.tuple(fc.constantFrom('&&', '||', '&& (', '|| (', ') &&', ') ||'), clauseText), { maxLength: 4 })
  .chain((rest) =>
    clauseText.map((first) => first + rest.map(([join, clause]) => ` ${join} ${clause}`).join('')),
  );

describe('parseFilter properties', () => {
  it('never throws anything but FilterError', () => {
    fc.assert(
      fc.property(fc.oneof(structured, filterish, fc.string()), (text) => {
        try {
          parseFilter(text);
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
          expect([4016, 4017, 4018, 4019, 4024]).toContain((error as FilterError).code);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('parses a printed tree back to the same tree', () => {
    fc.assert(
      fc.property(node, (tree) => {
        expect(parseFilter(printFilter(tree))).toEqual(tree);
      }),
      { numRuns: 1000 },
    );
  });

  it('parses the printed form of any parsed text to the same tree', () => {
    fc.assert(
      fc.property(fc.oneof(structured, filterish), (text) => {
        let tree: FilterNode;
        try {
          tree = parseFilter(text);
        } catch {
          return;
        }
        expect(parseFilter(printFilter(tree))).toEqual(tree);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('printFilter', () => {
  it('quotes text and brackets right-hand groups', () => {
    expect(printFilter(parseFilter("title = it's && (done = f || labels in 1,2)"))).toBe(
      "title = 'it\\'s' && (done = false || labels in 1, 2)",
    );
    expect(printFilter(parseFilter('(done = true || priority > 2) && project = 4'))).toBe(
      'done = true || priority > 2 && project_id = 4',
    );
  });
});
