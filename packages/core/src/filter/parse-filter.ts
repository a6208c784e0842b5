import { isDateFilterValue } from '../date-math/date-value.js';
import {
  type CustomFilterFields,
  type FilterComparator,
  type FilterCondition,
  type FilterConditionField,
  FilterError,
  type FilterFieldKind,
  type FilterNode,
} from './filter-ast.js';
import { comparatorFits, filterFieldKinds, filterFieldOf, multiValueComparators } from './filter-fields.js';
import { readComparator, readQuoted, skipSpaces, unquotedRunEnd } from './filter-lexer.js';

/** Nesting and size limits keep hostile filters from exhausting the stack of the parser or the SQL builder. */
const maxDepth = 32;
const maxConditions = 200;

/** Characters that end an unquoted value (a list item also ends at a comma). */
const valueStops = '&|()';

/**
 * Parse a task filter into a syntax tree (reference §4.1, behaviour.md §4.6). The word operators
 * `in`, `not in` and `like` are read only where a comparator is expected, so a value such as
 * `title = stuff in progress` keeps its words. Throws `FilterError`; a blank filter is a 4024 error,
 * so callers skip blank filters themselves.
 *
 * `customFields` are the custom fields of the projects the filter runs over (Ordo): a name that is
 * no built-in field, or a double-quoted one (`"Story points" >= 5`), is looked up among them by
 * title, ignoring case; a bare name may run over spaces when a title does (`Due review < now`).
 * Such a condition has `field: 'custom'` and the lower-cased title in `custom`.
 */
export function parseFilter(text: string, customFields: CustomFilterFields = new Map()): FilterNode {
  return new FilterParser(text, customFields).parse();
}

interface FieldName {
  /** As written (error messages). */
  name: string;
  field: FilterConditionField;
  custom?: string;
  kind: FilterFieldKind;
}

class FilterParser {
  private pos = 0;
  private conditions = 0;

  constructor(
    private readonly text: string,
    private readonly customFields: CustomFilterFields,
  ) {}

  parse(): FilterNode {
    if (this.text.trim() === '') this.invalid('the expression is empty');
    const node = this.expression(0);
    if (this.pos < this.text.length)
      this.invalid(`unexpected '${this.text[this.pos]}' at position ${this.pos + 1}`);
    return node;
  }

  private invalid(reason: string): never {
    throw new FilterError('invalidFilterExpression', [this.text, reason]);
  }

  private skip(): void {
    this.pos = skipSpaces(this.text, this.pos);
  }

  /** Terms joined left to right; stops before a `)` or at the end. */
  private expression(depth: number): FilterNode {
    let node = this.term(depth);
    for (;;) {
      this.skip();
      if (this.pos >= this.text.length || this.text[this.pos] === ')') return node;
      const join = this.join();
      node = { type: 'junction', join, left: node, right: this.term(depth) };
    }
  }

  private join(): 'and' | 'or' {
    const rest = this.text.slice(this.pos);
    const written = /^[&|]+/.exec(rest)?.[0] ?? /^\S+/.exec(rest)?.[0] ?? rest;
    if (written === '&&' || written === '||') {
      this.pos += 2;
      return written === '&&' ? 'and' : 'or';
    }
    if (written.startsWith('(')) this.invalid(`unexpected '(' at position ${this.pos + 1}`);
    throw new FilterError('invalidFilterConcatenator', [written]);
  }

  private term(depth: number): FilterNode {
    this.skip();
    const char = this.text[this.pos];
    if (char === undefined) this.invalid('the expression ends where a condition is expected');
    if (char === '(') {
      if (depth >= maxDepth) this.invalid('the parentheses are nested too deeply');
      this.pos++;
      const inner = this.expression(depth + 1);
      if (this.text[this.pos] !== ')') this.invalid('a closing parenthesis is missing');
      this.pos++;
      return inner;
    }
    return this.condition();
  }

  /**
   * The field a condition starts with: a double-quoted name (a built-in field, else a custom field
   * title); else the longest custom field title the text goes on with (when it runs past a bare
   * name: titles with spaces); else a built-in field; else a custom field named by the bare name.
   * 4016 when none.
   */
  private fieldName(): FieldName {
    const rest = this.text.slice(this.pos);
    const quoted = rest.startsWith('"') ? readQuoted(this.text, this.pos) : undefined;
    if (quoted) {
      this.pos = quoted.end;
      return this.builtIn(quoted.content) ?? this.customField(quoted.content);
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest)?.[0];
    const longer = this.longestTitleAt(rest);
    if (longer !== undefined && longer.length > (name?.length ?? 0)) {
      this.pos += longer.length;
      return this.customField(longer);
    }
    if (!name) this.invalid(`unexpected '${this.text[this.pos]}' at position ${this.pos + 1}`);
    this.pos += name.length;
    return this.builtIn(name) ?? this.customField(name);
  }

  private builtIn(name: string): FieldName | undefined {
    const field = filterFieldOf(name);
    return field && { name, field, kind: filterFieldKinds[field] };
  }

  private customField(name: string): FieldName {
    const custom = name.toLowerCase();
    const kind = this.customFields.get(custom);
    if (kind === undefined) throw new FilterError('invalidTaskField', [name]);
    return { name, field: 'custom', custom, kind };
  }

  /** The longest custom field title `rest` starts with (ignoring case), ending where a name may end. */
  private longestTitleAt(rest: string): string | undefined {
    let best: string | undefined;
    const lower = rest.toLowerCase();
    for (const title of this.customFields.keys()) {
      if (title.length <= (best?.length ?? 0) || !lower.startsWith(title)) continue;
      const next = rest[title.length];
      if (next === undefined || !/[A-Za-z0-9_]/.test(next)) best = rest.slice(0, title.length);
    }
    return best;
  }

  private condition(): FilterCondition {
    const { name, field, custom, kind } = this.fieldName();
    if (++this.conditions > maxConditions) this.invalid(`more than ${maxConditions} conditions`);

    this.skip();
    const token = readComparator(this.text, this.pos);
    if (!token) {
      if (this.pos >= this.text.length) this.invalid(`the comparator after '${name}' is missing`);
      throw new FilterError('invalidFilterComparator', [/^\S+/.exec(this.text.slice(this.pos))?.[0] ?? '']);
    }
    if (!token.comparator || !comparatorFits(kind, token.comparator)) {
      throw new FilterError('invalidFilterComparator', [token.written]);
    }
    this.pos = token.end;
    this.skip();
    const raw = multiValueComparators.has(token.comparator)
      ? this.valueList(name, kind)
      : [this.singleValue(name, kind)];
    const condition = typedCondition(field, kind, token.comparator, raw, name);
    return custom === undefined ? condition : { ...condition, custom };
  }

  /** A quoted value when its closing quote ends the term; otherwise an unquoted run (quotes are then characters). */
  private singleValue(name: string, kind: FilterFieldKind): string {
    const quoted = readQuoted(this.text, this.pos);
    if (quoted && this.endsTerm(quoted.end)) {
      this.pos = quoted.end;
      return kind === 'date' ? quoted.content.trim() : quoted.content;
    }
    const end = unquotedRunEnd(this.text, this.pos, valueStops, kind === 'date');
    const value = this.text.slice(this.pos, end).trim();
    if (value === '') this.invalid(`the value for '${name}' is missing`);
    this.pos = end;
    return value;
  }

  /** Comma-separated items; a quoted item is split on its commas too (`assignees in 'user1,user2'`). */
  private valueList(name: string, kind: FilterFieldKind): string[] {
    const items: string[] = [];
    for (;;) {
      this.skip();
      const quoted = readQuoted(this.text, this.pos);
      if (quoted && (this.endsTerm(quoted.end) || this.text[skipSpaces(this.text, quoted.end)] === ',')) {
        items.push(...quoted.content.split(',').map((item) => item.trim()));
        this.pos = quoted.end;
      } else {
        const end = unquotedRunEnd(this.text, this.pos, `${valueStops},`, kind === 'date');
        const item = this.text.slice(this.pos, end).trim();
        if (item === '') this.invalid(`a value in the list for '${name}' is missing`);
        items.push(item);
        this.pos = end;
      }
      this.skip();
      if (this.text[this.pos] !== ',') return items;
      this.pos++;
    }
  }

  private endsTerm(pos: number): boolean {
    const next = this.text[skipSpaces(this.text, pos)];
    return next === undefined || next === ')' || next === '&' || next === '|';
  }
}

const boolWords: Readonly<Record<string, boolean>> = {
  true: true,
  TRUE: true,
  True: true,
  t: true,
  T: true,
  '1': true,
  false: false,
  FALSE: false,
  False: false,
  f: false,
  F: false,
  '0': false,
};

function typedCondition(
  field: FilterConditionField,
  kind: FilterFieldKind,
  comparator: FilterComparator,
  raw: string[],
  name: string,
): FilterCondition {
  const bad = (value: string): never => {
    throw new FilterError('invalidFilterValue', [value, name]);
  };
  switch (kind) {
    case 'bool':
      return {
        type: 'condition',
        field,
        kind,
        comparator,
        values: raw.map((v) => (Object.hasOwn(boolWords, v) ? boolWords[v] : bad(v))),
      };
    case 'int':
    case 'labelIds':
      return {
        type: 'condition',
        field,
        kind,
        comparator,
        values: raw.map((v) => parseInteger(v) ?? bad(v)),
      };
    case 'float':
      return {
        type: 'condition',
        field,
        kind,
        comparator,
        values: raw.map((v) => parseDecimal(v) ?? bad(v)),
      };
    case 'date':
      return {
        type: 'condition',
        field,
        kind,
        comparator,
        values: raw.map((v) => (isDateFilterValue(v) ? v : bad(v))),
      };
    default:
      return { type: 'condition', field, kind, comparator, values: raw };
  }
}

function parseInteger(text: string): number | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value + 0 : undefined;
}

function parseDecimal(text: string): number | undefined {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value + 0 : undefined;
}
