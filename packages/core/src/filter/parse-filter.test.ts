import { describe, expect, it } from 'vitest';
import type { FilterCondition, FilterNode } from './filter-ast.js';
import { FilterError } from './filter-ast.js';
import { resolveFilterDate } from './filter-fields.js';
import { parseFilter } from './parse-filter.js';

const cond = (
  field: FilterCondition['field'],
  kind: FilterCondition['kind'],
  comparator: FilterCondition['comparator'],
  values: (string | number | boolean)[],
) => ({ type: 'condition', field, kind, comparator, values }) as FilterCondition;
const and = (left: FilterNode, right: FilterNode): FilterNode => ({
  type: 'junction',
  join: 'and',
  left,
  right,
});
const or = (left: FilterNode, right: FilterNode): FilterNode => ({
  type: 'junction',
  join: 'or',
  left,
  right,
});

function filterError(text: string): FilterError {
  try {
    parseFilter(text);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error(`'${text}' parsed`);
}

describe('word operators (behaviour.md §4.6)', () => {
  it.each([
    ['project in 1,2 && title like foo', 'project ?= 1,2 && title ~ foo'],
    ['done not in true,false', 'done ?!= true,false'],
    ["title like 'stuff in progress' && project in 1,2", "title ~ 'stuff in progress' && project ?= 1,2"],
    ['title = "things i like a lot"', 'title = "things i like a lot"'],
    ["title like 'it\\'s in progress' && project in 1,2", "title ~ 'it\\'s in progress' && project ?= 1,2"],
    ["title = it's cool && project in 1,2", "title = it's cool && project ?= 1,2"],
  ])('%s reads as %s', (written, rewritten) => {
    expect(parseFilter(written)).toEqual(parseFilter(rewritten));
  });

  it('gives the trees a user would expect', () => {
    expect(parseFilter('project in 1,2 && title like foo')).toEqual(
      and(cond('project_id', 'int', 'in', [1, 2]), cond('title', 'string', 'like', ['foo'])),
    );
    expect(parseFilter('done not in true,false')).toEqual(cond('done', 'bool', 'not in', [true, false]));
    expect(parseFilter("title like 'it\\'s in progress' && project in 1,2")).toEqual(
      and(cond('title', 'string', 'like', ["it's in progress"]), cond('project_id', 'int', 'in', [1, 2])),
    );
    expect(parseFilter('title = "things i like a lot"')).toEqual(
      cond('title', 'string', '=', ['things i like a lot']),
    );
    expect(parseFilter("title = it's cool && project in 1,2")).toEqual(
      and(cond('title', 'string', '=', ["it's cool"]), cond('project_id', 'int', 'in', [1, 2])),
    );
  });

  it('reads word operators only where a comparator is expected', () => {
    expect(parseFilter('title = stuff in progress')).toEqual(
      cond('title', 'string', '=', ['stuff in progress']),
    );
    expect(parseFilter('title like i like it')).toEqual(cond('title', 'string', 'like', ['i like it']));
    expect(parseFilter('labels not   in 3')).toEqual(cond('labels', 'labelIds', 'not in', [3]));
  });
});

describe('conditions (behaviour.md §4.6, reference §4.1)', () => {
  it('reads project as project_id', () => {
    expect(parseFilter('project = 3')).toEqual(cond('project_id', 'int', '=', [3]));
  });

  it('types values by field', () => {
    expect(parseFilter('percent_done <= 50')).toEqual(cond('percent_done', 'float', '<=', [50]));
    expect(parseFilter('percent_done > 12.5')).toEqual(cond('percent_done', 'float', '>', [12.5]));
    expect(parseFilter('done = t')).toEqual(cond('done', 'bool', '=', [true]));
    expect(parseFilter('done = 0')).toEqual(cond('done', 'bool', '=', [false]));
    expect(parseFilter('priority >= 4')).toEqual(cond('priority', 'int', '>=', [4]));
    expect(parseFilter('position < 65536.5')).toEqual(cond('position', 'float', '<', [65536.5]));
    expect(parseFilter('assignees = alice')).toEqual(cond('assignees', 'usernames', '=', ['alice']));
    expect(parseFilter('due_date < now/d+1d')).toEqual(cond('due_date', 'date', '<', ['now/d+1d']));
    expect(parseFilter('reminders > now')).toEqual(cond('reminders', 'date', '>', ['now']));
  });

  it('allows spaces after the commas of a list', () => {
    expect(parseFilter('project in 1, 2, 3')).toEqual(cond('project_id', 'int', 'in', [1, 2, 3]));
  });

  it('splits a quoted list on its commas', () => {
    expect(parseFilter("assignees in 'user1,user2'")).toEqual(
      cond('assignees', 'usernames', 'in', ['user1', 'user2']),
    );
    expect(parseFilter('assignees in \'ann\', "bob" , carl')).toEqual(
      cond('assignees', 'usernames', 'in', ['ann', 'bob', 'carl']),
    );
  });

  it('keeps spaces and quotes inside unquoted values', () => {
    expect(parseFilter('title = foo bar')).toEqual(cond('title', 'string', '=', ['foo bar']));
    expect(parseFilter("title = foo's bar")).toEqual(cond('title', 'string', '=', ["foo's bar"]));
    expect(parseFilter('title = foo"s bar')).toEqual(cond('title', 'string', '=', ['foo"s bar']));
    expect(parseFilter("title = 'unclosed")).toEqual(cond('title', 'string', '=', ["'unclosed"]));
    expect(parseFilter("title = 'John's thing'")).toEqual(cond('title', 'string', '=', ["'John's thing'"]));
    expect(parseFilter("title = 'a' 'b'")).toEqual(cond('title', 'string', '=', ["'a' 'b'"]));
  });

  it('unescapes quoted values', () => {
    expect(parseFilter("title like 'it\\'s in progress'")).toEqual(
      cond('title', 'string', 'like', ["it's in progress"]),
    );
    expect(parseFilter("title = 'a && b || (c)'")).toEqual(cond('title', 'string', '=', ['a && b || (c)']));
    expect(parseFilter("title = ''")).toEqual(cond('title', 'string', '=', ['']));
  });

  it('reads date math quoted or not', () => {
    expect(parseFilter("due_date < 'now+30d'")).toEqual(cond('due_date', 'date', '<', ['now+30d']));
    expect(parseFilter('due_date < 2026-07-15')).toEqual(cond('due_date', 'date', '<', ['2026-07-15']));
    expect(parseFilter('start_date = 2023-6-5')).toEqual(cond('start_date', 'date', '=', ['2023-6-5']));
    expect(parseFilter('due_date > 0000-01-01')).toEqual(cond('due_date', 'date', '>', ['0000-01-01']));
    expect(parseFilter('due_date > 1543500000')).toEqual(cond('due_date', 'date', '>', ['1543500000']));
  });

  it('keeps anchored date math in the value, quoted or not (behaviour.md §3.5, Ordo)', () => {
    const expected = cond('due_date', 'date', '>', ['2024-01-01||+1M/d']);
    expect(parseFilter("due_date > '2024-01-01||+1M/d'")).toEqual(expected);
    expect(parseFilter('due_date > 2024-01-01||+1M/d')).toEqual(expected);
    expect(parseFilter('due_date > 2024-01-01||+1M/d && done = false')).toEqual(
      and(expected, cond('done', 'bool', '=', [false])),
    );
    // With spaces around it, `||` is a join.
    expect(parseFilter('due_date > 2024-01-01 || done = false')).toEqual(
      or(cond('due_date', 'date', '>', ['2024-01-01']), cond('done', 'bool', '=', [false])),
    );
  });

  it('evaluates dates in the filter time zone', () => {
    const options = { now: new Date('2026-04-15T17:30:00Z'), timeZone: 'America/Los_Angeles' };
    const [value] = (parseFilter('due_date < 2026-07-15') as FilterCondition).values as string[];
    expect(resolveFilterDate(value, options).toISOString()).toBe('2026-07-15T07:00:00.000Z');
    const [utc] = (parseFilter('start_date = 2023-6-5') as FilterCondition).values as string[];
    expect(resolveFilterDate(utc, { ...options, timeZone: 'UTC' }).toISOString()).toBe(
      '2023-06-05T00:00:00.000Z',
    );
    const [math] = (parseFilter("due_date > '2024-01-01||+1M/d'") as FilterCondition).values as string[];
    expect(resolveFilterDate(math, { ...options, timeZone: 'UTC' }).toISOString()).toBe(
      '2024-02-01T00:00:00.000Z',
    );
  });
});

describe('joins and groups', () => {
  const a = cond('priority', 'int', '>=', [4]);
  const b = cond('due_date', 'date', '<', ['now+7d']);
  const c = cond('done', 'bool', '=', [false]);
  const d = cond('assignees', 'usernames', 'in', ['John', 'Jane']);

  it('reads parenthesised groups (behaviour.md §4.6)', () => {
    expect(
      parseFilter("(priority >= 4 && due_date < now+7d) || (done = false && assignees in 'John,Jane')"),
    ).toEqual(or(and(a, b), and(c, d)));
  });

  it('applies && and || strictly left to right', () => {
    expect(parseFilter('priority >= 4 || due_date < now+7d && done = false')).toEqual(and(or(a, b), c));
    expect(parseFilter('priority >= 4 && due_date < now+7d || done = false')).toEqual(or(and(a, b), c));
    expect(parseFilter('priority >= 4 || (due_date < now+7d && done = false)')).toEqual(or(a, and(b, c)));
  });

  it('reads the examples of reference §4.1', () => {
    expect(parseFilter('done = false && due_date < now/d+1d')).toEqual(
      and(c, cond('due_date', 'date', '<', ['now/d+1d'])),
    );
    expect(parseFilter('priority >= 4 && (labels in 3, 7 || assignees = alice)')).toEqual(
      and(a, or(cond('labels', 'labelIds', 'in', [3, 7]), cond('assignees', 'usernames', '=', ['alice']))),
    );
    expect(parseFilter('project in 1,2 && due_date > now-30d')).toEqual(
      and(cond('project_id', 'int', 'in', [1, 2]), cond('due_date', 'date', '>', ['now-30d'])),
    );
  });

  it('tolerates missing and extra spaces', () => {
    expect(parseFilter('  (done=false)&&(priority>=4)  ')).toEqual(and(c, a));
    expect(parseFilter('((done = false))')).toEqual(c);
  });
});

describe('errors', () => {
  it.each([
    ['invalid = foo', 4016, "The task field 'invalid' is invalid."],
    ['dueDate < now', 4016, "The task field 'dueDate' is invalid."],
    ['done == true', 4017, "The task filter comparator '==' is invalid."],
    ['done is true', 4017, "The task filter comparator 'is' is invalid."],
    ['title !~ foo', 4017, "The task filter comparator '!~' is invalid."],
    ['done like true', 4017, "The task filter comparator 'like' is invalid."],
    ['labels > 3', 4017, "The task filter comparator '>' is invalid."],
    ['done = true & priority = 1', 4018, "The task filter concatinator '&' is invalid."],
    ['done = true ||| priority = 1', 4018, "The task filter concatinator '|||' is invalid."],
    ['(done = true) priority = 1', 4018, "The task filter concatinator 'priority' is invalid."],
    ['due_date = no', 4019, "The task filter value 'no' for field 'due_date' is invalid."],
    ['due_date > invalid', 4019, "The task filter value 'invalid' for field 'due_date' is invalid."],
    ['priority = high', 4019, "The task filter value 'high' for field 'priority' is invalid."],
    ['done = yes', 4019, "The task filter value 'yes' for field 'done' is invalid."],
    ['project in 1, x', 4019, "The task filter value 'x' for field 'project' is invalid."],
    ['labels = lorem', 4019, "The task filter value 'lorem' for field 'labels' is invalid."],
    ['percent_done = 1e999', 4019, "The task filter value '1e999' for field 'percent_done' is invalid."],
    ['priority = 1.5', 4019, "The task filter value '1.5' for field 'priority' is invalid."],
    [
      'due_date > 2024-01-01||',
      4024,
      "The filter expression 'due_date > 2024-01-01||' is invalid: the expression ends where a condition is expected",
    ],
  ])('%s gives %i', (text, code, message) => {
    const error = filterError(text);
    expect(error.code).toBe(code);
    expect(error.status).toBe(400);
    expect(error.message).toBe(message);
  });

  it.each([
    '',
    '   ',
    'done',
    'done =',
    'done = true &&',
    '(done = true',
    'done = true)',
    '()',
    'title = foo (bar)',
    '= true',
    "'done' = true",
    'project in 1,,2',
    'project in 1,',
    `${'('.repeat(40)}done = true${')'.repeat(40)}`,
    Array.from({ length: 201 }, () => 'done = true').join(' && '),
  ])('unparsable expression %# gives 4024', (text) => {
    const error = filterError(text);
    expect(error.code).toBe(4024);
    expect(error.key).toBe('invalidFilterExpression');
    expect(error.params[0]).toBe(text);
  });

  it('carries the message parameters for the server', () => {
    expect(filterError('due_date = no').params).toEqual(['no', 'due_date']);
    expect(filterError('invalid = foo').params).toEqual(['invalid']);
  });
});

describe('custom fields (Ordo)', () => {
  const fields = new Map([
    ['estimate', 'float'],
    ['status', 'string'],
    ['story points', 'float'],
    ['due review', 'date'],
    ['done soon', 'bool'],
    ['reviewer', 'usernames'],
  ] as const);
  const custom = (
    title: string,
    kind: FilterCondition['kind'],
    comparator: FilterCondition['comparator'],
    values: (string | number | boolean)[],
  ) => ({ ...cond('custom', kind, comparator, values), custom: title }) as FilterCondition;

  it('resolves a bare name after the built-in fields, ignoring case', () => {
    expect(parseFilter('Estimate > 3', fields)).toEqual(custom('estimate', 'float', '>', [3]));
    expect(parseFilter('STATUS in Doing, Review && priority > 2', fields)).toEqual(
      and(custom('status', 'string', 'in', ['Doing', 'Review']), cond('priority', 'int', '>', [2])),
    );
  });

  it('reads double-quoted titles and titles with spaces', () => {
    expect(parseFilter('"Story points" >= 5', fields)).toEqual(custom('story points', 'float', '>=', [5]));
    expect(parseFilter('Due review < now+7d', fields)).toEqual(custom('due review', 'date', '<', ['now+7d']));
    // A longer title wins over a built-in name it starts with.
    expect(parseFilter('done soon = true || done = false', fields)).toEqual(
      or(custom('done soon', 'bool', '=', [true]), cond('done', 'bool', '=', [false])),
    );
  });

  it('types values by the field kind', () => {
    expect(() => parseFilter('Estimate > lots', fields)).toThrow(FilterError);
    expect(() => parseFilter('reviewer > bob', fields)).toThrow(FilterError);
  });

  it('answers 4016 for unknown names, quoted or not', () => {
    expect(filterError('Estimate > 3').code).toBe(4016);
    expect(parseFilter('"priority" > 3', fields)).toEqual(cond('priority', 'int', '>', [3]));
    for (const text of ['Effort > 3', '"Story" > 3']) {
      let code = 0;
      try {
        parseFilter(text, fields);
      } catch (error) {
        code = (error as FilterError).code;
      }
      expect(code, text).toBe(4016);
    }
  });
});
