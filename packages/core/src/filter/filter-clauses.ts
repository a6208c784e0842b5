import type { FilterComparator } from './filter-ast.js';
import { isWordChar, readComparator, readQuoted, skipSpaces, unquotedRunEnd } from './filter-lexer.js';

/**
 * Finding `field op value` clauses in filter text as the filter editor does (behaviour.md §4.2). It
 * never throws: text that is not a clause is skipped, since the text may be half typed.
 */
export interface FilterClause {
  /** The field as written. */
  field: string;
  fieldStart: number;
  fieldEnd: number;
  /** The operator, word operators written canonically (`not in`), signs as written (`?=`). */
  operator: string;
  comparator: FilterComparator;
  /** `in`, `not in`, `?=` and `?!=` take a comma-separated list. */
  multiValue: boolean;
  /** Span of the value: a quoted value with its quotes, or the trimmed unquoted run. */
  valueStart: number;
  valueEnd: number;
  /**
   * The value's parts. A list is split on `,`, each part trimmed and un-quoted; a single value is
   * the quoted content (backslashes kept) or the trimmed run.
   */
  parts: string[];
}

const dateFieldNames = new Set(
  [
    'dueDate',
    'startDate',
    'endDate',
    'doneAt',
    'reminders',
    'created',
    'updated',
    'due_date',
    'start_date',
    'end_date',
    'done_at',
  ].map((name) => name.toLowerCase()),
);

/** Characters an unquoted clause value cannot contain. */
const valueStops = '&|()<';

export function findFilterClauses(text: string): FilterClause[] {
  const clauses: FilterClause[] = [];
  let i = 0;
  while (i < text.length) {
    const field = isWordChar(text[i - 1]) ? undefined : /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i))?.[0];
    if (!field) {
      i++;
      continue;
    }
    const clause = readClause(text, i, field);
    if (clause) clauses.push(clause);
    i = clause ? clause.valueEnd : i + field.length;
  }
  return clauses;
}

function readClause(text: string, fieldStart: number, field: string): FilterClause | undefined {
  const fieldEnd = fieldStart + field.length;
  const token = readComparator(text, skipSpaces(text, fieldEnd));
  if (!token?.comparator) return undefined;
  const comparator = token.comparator;
  const operator = /^[a-z]/.test(token.written) ? comparator : token.written;
  const multiValue = comparator === 'in' || comparator === 'not in';
  const valueStart = skipSpaces(text, token.end);
  const base = { field, fieldStart, fieldEnd, operator, comparator, multiValue, valueStart };

  const quoted = readQuoted(text, valueStart);
  if (quoted && endsClause(text, quoted.end)) {
    const parts = multiValue ? splitParts(quoted.raw) : [quoted.raw];
    return { ...base, valueEnd: quoted.end, parts };
  }
  const runEnd = unquotedRunEnd(text, valueStart, valueStops, dateFieldNames.has(field.toLowerCase()));
  if (!endsClause(text, runEnd)) return undefined;
  const value = text.slice(valueStart, runEnd).trimEnd();
  if (value === '') return undefined;
  return { ...base, valueEnd: valueStart + value.length, parts: multiValue ? splitParts(value) : [value] };
}

/** A value ends before `&&`, a `|`, a `)` or the end of the text. */
function endsClause(text: string, pos: number): boolean {
  const at = skipSpaces(text, pos);
  return at >= text.length || text.startsWith('&&', at) || text[at] === '|' || text[at] === ')';
}

function splitParts(value: string): string[] {
  return value.split(',').map((part) => unquote(part.trim()));
}

function unquote(part: string): string {
  const first = part[0];
  return part.length >= 2 && (first === "'" || first === '"') && part.endsWith(first)
    ? part.slice(1, -1)
    : part;
}
