/**
 * Filter strings built from the filter grammar (reference §4): fields as the API and the frontend
 * name them, every operator, typed and mistyped values, quoting, `&&`/`||` joins and parentheses,
 * plus fragments of the grammar strung together any which way.
 */
import fc from 'fast-check';
import { date, integer, text } from './values.js';

const fields = [
  'done',
  'priority',
  'percent_done',
  'percentDone',
  'repeat_after',
  'id',
  'index',
  'project',
  'project_id',
  'created_by_id',
  'position',
  'bucket_id',
  'title',
  'description',
  'hex_color',
  'uid',
  'due_date',
  'dueDate',
  'start_date',
  'end_date',
  'done_at',
  'created',
  'updated',
  'reminders',
  'assignees',
  'labels',
  'unknown_field',
];
const operators = ['=', '!=', '>', '>=', '<', '<=', 'like', 'in', 'not in', '?=', '?!=', '~', '=='];

/** A filter value: numbers, dates and date math, words, lists; quoted or not. */
function filterValue(ids: fc.Arbitrary<number>): fc.Arbitrary<string> {
  const plain = fc.oneof(
    integer.map(String),
    ids.map(String),
    date.map(String),
    fc.constantFrom(
      'true',
      'false',
      'now',
      'now/d',
      'now-1w/w',
      'now+30d',
      'now/w+1w',
      '2024-01-01||+1M/d',
      '2026-02-30',
      '0000-01-01',
      '99999-01-01',
      'now+99999999y',
      'now-1000000000000d',
      'now/q',
      '1e400',
      'user1',
      '%',
      '_',
    ),
    text.map((s) => s.replace(/[&|()]/g, '')),
  );
  const listed = fc.array(plain, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(', '));
  return fc.oneof(
    { weight: 3, arbitrary: plain },
    { weight: 1, arbitrary: listed },
    { weight: 1, arbitrary: plain.map((v) => `'${v.replace(/'/g, "\\'")}'`) },
    { weight: 1, arbitrary: plain.map((v) => `"${v}"`) },
    { weight: 1, arbitrary: fc.constantFrom("'unclosed", '"', "\\'", '') },
  );
}

/** Well-formed-ish filters: clauses joined by && and ||, sometimes grouped. */
export function filterString(ids: fc.Arbitrary<number>): fc.Arbitrary<string> {
  const clause = fc
    .tuple(
      fc.constantFrom(...fields),
      fc.constantFrom(...operators),
      filterValue(ids),
      fc.constantFrom('', ' '),
    )
    .map(([f, op, v, sp]) => `${f}${sp}${op}${sp}${v}`);
  const { node } = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { maxDepth: 4, depthIdentifier: 'filter' },
      clause,
      fc
        .tuple(tie('node'), fc.constantFrom(' && ', ' || ', '&&', '||', ' | ', ' & '), tie('node'))
        .map(([a, join, b]) => `${a}${join}${b}`),
      tie('node').map((n) => `(${n})`),
    ),
  }));
  // Pieces of the grammar in any order, and plain text: the parser must refuse them cleanly.
  const jumble = fc
    .array(
      fc.oneof(
        fc.constantFrom(...fields, ...operators, '&&', '||', '(', ')', ',', "'", '"', '\\', ' ', 'now', '1'),
        text,
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join(' '));
  return fc.oneof({ weight: 4, arbitrary: node }, { weight: 1, arbitrary: jumble });
}
