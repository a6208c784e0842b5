/**
 * A query Kysely builds and compiles once per shape, then runs again with new parameters.
 *
 * Building and compiling a query with Kysely cost about 40 µs on the 2-core benchmark machine,
 * more than SQLite takes to run most of the small queries that fill a page of tasks (labels,
 * assignees, reminders, rights…); a list request runs about fifteen of them. Kysely supports
 * running a compiled query on its own (`db.executeQuery`); this keeps the compiled SQL and swaps
 * in the new values.
 *
 * How: the builder is called with stand-ins instead of the arguments: a stand-in for each scalar,
 * an array of stand-ins of the same length for each array. Kysely binds them as parameters; each
 * later call puts the real values in their places. The SQL text depends on the lengths of the
 * array arguments (`in (?, ?, ?)`), so those lengths are the shape.
 *
 * On PostgreSQL an array argument's `in ($1, $2, …)` becomes `= any($1)` with the array as one
 * parameter, so the statement text is the same whatever the length. Each length had been a text
 * of its own: ten page loaders times fifty page lengths would take more than the 400 statement
 * names a process gives out (statement-names.ts), after which new texts go unnamed, parsed and
 * planned on every run. Run for run, the two forms cost the same (measured on a 50-task page).
 *
 * The builder must use its arguments as values only: no branching on them, no `sql.raw`/`sql.lit`
 * with them. A builder that does is caught at its first call: each stand-in must come back as a
 * parameter of the compiled query, or this throws.
 */
import { type Compilable, type CompiledQuery, createQueryId, type Kysely, type RawBuilder } from 'kysely';

/** More shapes than this (long `in` lists of many lengths) are built afresh each call. */
const MAX_SHAPES = 128;

class StandIn {
  constructor(
    readonly arg: number,
    /** The position in an array argument, -1 for a scalar argument, or WHOLE for a whole array. */
    readonly item: number,
  ) {}
}

/** A stand-in for a whole array argument, bound as one PostgreSQL array parameter. */
const WHOLE = -2;

interface Compiled {
  query: CompiledQuery;
  /** For each parameter: the stand-in it takes its value from, or the value the builder bound. */
  sources: readonly unknown[];
}

export type ReusedQuery<Args extends readonly unknown[], Row> = (...args: Args) => Promise<Row[]>;

export function reusedQuery<Args extends readonly unknown[], Row>(
  // biome-ignore lint/suspicious/noExplicitAny: any database schema
  db: Kysely<any>,
  build: (...args: Args) => Compilable<Row> | RawBuilder<Row>,
): ReusedQuery<Args, Row> {
  // An `sql` template compiles for the database it is given; a query builder ignores the argument.
  const compileBuilt = (args: Args) => (build(...args) as RawBuilder<Row>).compile(db);

  const shapes = new Map<string, Compiled>();

  const compile = (args: Args): Compiled => {
    const standIns = args.map((a, i) =>
      Array.isArray(a) ? a.map((_, j) => new StandIn(i, j)) : new StandIn(i, -1),
    ) as unknown as Args;
    const query = compileBuilt(standIns);
    const used = new Set(query.parameters.filter((p) => p instanceof StandIn));
    const expected = standIns.flatMap((s) => (Array.isArray(s) ? s : [s])).length;
    if (used.size !== expected) {
      throw new Error(`reusedQuery: the builder did not bind every argument as a value (${query.sql})`);
    }
    const lengths = args.map((a) => (Array.isArray(a) ? a.length : -1));
    return withArrayParameters({ query, sources: query.parameters }, lengths);
  };

  return async (...args) => {
    const shape = args.map((a) => (Array.isArray(a) ? a.length : '')).join(',');
    let compiled = shapes.get(shape);
    if (!compiled) {
      if (shapes.size >= MAX_SHAPES) return (await db.executeQuery(compileBuilt(args))).rows;
      compiled = compile(args);
      shapes.set(shape, compiled);
    }
    const parameters = compiled.sources.map((source) => {
      if (!(source instanceof StandIn)) return source;
      const arg = args[source.arg];
      if (source.item === WHOLE) return arrayParameter(arg as readonly unknown[]);
      return source.item < 0 ? arg : (arg as readonly unknown[])[source.item];
    });
    const query: CompiledQuery<Row> = { ...compiled.query, parameters, queryId: createQueryId() };
    return (await db.executeQuery(query)).rows;
  };
}

/**
 * An array parameter's value: a list of integers (task ids, the usual case) as PostgreSQL's array
 * literal, which pg would otherwise build element by element through its escaping (2 % of a
 * search page's CPU in a profile); anything else as it is, for pg to convert.
 */
function arrayParameter(items: readonly unknown[]): unknown {
  for (const item of items) if (!Number.isSafeInteger(item)) return items;
  return `{${items.join(',')}}`;
}

/**
 * PostgreSQL: an array argument whose items appear together, in order, as `in ($k, $k+1, …)`
 * becomes `= any($k)` bound to the whole array, and the parameter numbers after the list move
 * down. SQLite numbers no parameters (`?`), so nothing there matches; nor does `not in`. A list
 * not written so is left as it is.
 */
function withArrayParameters(compiled: Compiled, lengths: readonly number[]): Compiled {
  let { sql } = compiled.query;
  const kept: unknown[] = [];
  /** For each parameter number of the compiled query (1-based), its number afterwards. */
  const renumbered: number[] = [0];
  const { sources } = compiled;
  for (let i = 0; i < sources.length; ) {
    const source = sources[i];
    const length = source instanceof StandIn && source.item === 0 ? lengths[source.arg] : 0;
    const list = inList(sources, i, length);
    if (list?.test(sql)) {
      sql = sql.replace(list, ` = any($${i + 1})`);
      kept.push(new StandIn((source as StandIn).arg, WHOLE));
      for (let j = 0; j < length; j++) renumbered.push(kept.length);
      i += length;
    } else {
      kept.push(source);
      renumbered.push(kept.length);
      i++;
    }
  }
  if (kept.length === sources.length) return compiled;
  sql = sql.replace(/\$(\d+)\b/g, (_, n: string) => `$${renumbered[Number(n)]}`);
  return { query: { ...compiled.query, sql, parameters: kept }, sources: kept };
}

/**
 * The pattern of ` in ($i+1, …, $i+length)` (not `not in`) when parameters i… are the items of
 * one array argument in order, else null.
 */
function inList(sources: readonly unknown[], i: number, length: number): RegExp | null {
  if (length === 0 || i + length > sources.length) return null;
  const { arg } = sources[i] as StandIn;
  for (let j = 0; j < length; j++) {
    const source = sources[i + j];
    if (!(source instanceof StandIn && source.arg === arg && source.item === j)) return null;
  }
  const numbers = Array.from({ length }, (_, j) => `\\$${i + j + 1}`).join(', ');
  return new RegExp(`(?<!\\bnot\\s*)\\s+in \\(${numbers}\\)`, 'i');
}
