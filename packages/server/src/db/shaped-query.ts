/**
 * A pg query that builds its result rows with a function made once per result shape.
 *
 * pg describes every result afresh (a RowDescription per execution, named statements included)
 * and for each one builds a null-prototype object of the column names, spreads it, and then
 * copies it for every row before filling the row in place, property by property. Those rows are
 * slow objects to build and to read; in a profile of the list page on PostgreSQL, describing the
 * results and building the rows took about 5 % of the server's CPU. Here the first result of a
 * statement text makes a function `(values) => ({ name0: parse0(values[0]), … })` for its
 * columns, and later results of the same columns reuse it: V8 builds each row in one go.
 *
 * The rows are the objects pg would build: the same keys in the same order (a repeated column
 * name keeps its first place and its last value) and the same values, read by the same type
 * parsers. Results pg builds another way (binary columns, a `__proto__` column, several results
 * of a multi-statement text, a listener for single rows) are left to pg.
 *
 * The query also skips pg's copy of its configuration (it is given the text and values as
 * arguments, which pg takes without copying), another 1 % of that profile.
 *
 * A named statement a connection has run before is not described again: the connection keeps the
 * shape its first run described, and later runs send Bind and Execute without a Describe, so
 * PostgreSQL sends no RowDescription for us to read. A prepared statement's columns cannot
 * change under it (PostgreSQL refuses to run it: "cached plan must not change result type"), and
 * the shape is kept per connection and name, where the statement lives.
 */
import pg from 'pg';
// pg's own mapping of JavaScript values to parameters, as its `prepare` uses it.
import pgUtils from 'pg/lib/utils.js';

type Row = Record<string, unknown>;
type Values = readonly (string | null)[];
type Parser = (value: string) => unknown;

interface Field {
  name: string;
  dataTypeID: number;
  format: string;
}

interface Shape {
  fields: readonly Field[];
  make: (values: Values) => Row;
}

/** pg's internals this class works with (not in its type declarations). */
interface PgQueryInternals {
  _result: {
    command: string | null;
    fields: Field[];
    rows: Row[];
    _types?: { getTypeParser(oid: number, format: string): Parser };
  };
  _canceledDueToError: unknown;
  _accumulateRows: unknown;
}

/** Shapes kept, by statement text; past this many, the cache starts afresh. */
const MAX_SHAPES = 1000;
const shapes = new Map<string, Shape>();

/** What pg-types answers for a type it has no parser for (`String(value)`): text needs no call. */
const NO_PARSE = (pg.types.getTypeParser as (oid: number, format: string) => Parser)(0, 'text');

function sameColumns(a: readonly Field[], b: readonly Field[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].name !== b[i].name || a[i].dataTypeID !== b[i].dataTypeID || a[i].format !== b[i].format) {
      return false;
    }
  }
  return true;
}

/** The row function for these columns, or null for columns pg must read itself. */
function makeShape(fields: readonly Field[], parserOf: (oid: number) => Parser): Shape | null {
  if (fields.some((f) => f.format !== 'text' || f.name === '__proto__')) return null;
  const parsers = fields.map((f) => parserOf(f.dataTypeID));
  const entries = fields.map((f, i) => {
    const value = parsers[i] === NO_PARSE ? `v[${i}]` : `v[${i}] === null ? null : p[${i}](v[${i}])`;
    return `${JSON.stringify(f.name)}: ${value}`;
  });
  const make = new Function('p', `return (v) => ({ ${entries.join(', ')} });`)(parsers) as Shape['make'];
  return { fields, make };
}

/** pg's own handlers, for the results it builds itself. */
const pgHandlers = pg.Query.prototype as unknown as {
  handleRowDescription(message: unknown): void;
  handleDataRow(message: unknown): void;
  prepare(connection: PgConnection): void;
  handleReadyForQuery(connection: PgConnection): void;
};

/** pg's connection, as a query's `prepare` writes to it (not in pg's type declarations). */
interface PgConnection {
  /** Statement texts by name, of the named statements this connection has parsed. */
  parsedStatements: Record<string, string>;
  /** Statement texts by name, of those sent to be parsed and not yet confirmed. */
  submittedNamedStatements: Record<string, string>;
  parse(message: object): void;
  bind(message: object): void;
  describe(message: object): void;
  close(message: object): void;
  sync(): void;
}

/** pg's query methods `prepare` calls (not in pg's type declarations). */
interface PgQueryPreparation {
  text: string;
  types: unknown;
  name?: string;
  portal: string;
  values: unknown[] | undefined;
  binary: boolean | undefined;
  rows: number | undefined;
  hasBeenParsed(connection: PgConnection): boolean;
  handleError(error: unknown, connection: PgConnection): void;
  _getRows(connection: PgConnection, rows: number | undefined): void;
}

/** Per connection, the shapes of the named statements it has described, by name. */
const described = new WeakMap<PgConnection, Map<string, Shape>>();

export class ShapedQuery extends pg.Query {
  /** The current result's shape; null while pg builds the rows itself. */
  private shape: Shape | null = null;
  /** The connection the query was sent on, which keeps the shapes of its named statements. */
  private sentOn: PgConnection | null = null;
  /** Set when a value could not be sent and the statement was closed (see `prepare`). */
  private closedStatement = false;
  /** Called with the result or the error once the query has ended (pg's own field). */
  declare callback: ((error: Error | undefined, result: unknown) => void) | undefined;

  constructor(text: string, values: readonly unknown[] | undefined, name: string | undefined) {
    super(text, values as unknown[]);
    if (name) (this as { name?: string }).name = name;
  }

  handleRowDescription(message: { fields: Field[] }): void {
    const self = this as unknown as PgQueryInternals;
    this.shape =
      self._result.command === null && this.listenerCount('row') === 0 ? this.shapeOf(message.fields) : null;
    if (!this.shape) {
      pgHandlers.handleRowDescription.call(this, message);
      return;
    }
    self._result.fields = message.fields;
    self._accumulateRows = true;
    const name = (this as { name?: string }).name;
    if (name && this.sentOn) {
      let shapes = described.get(this.sentOn);
      if (!shapes) {
        shapes = new Map();
        described.set(this.sentOn, shapes);
      }
      shapes.set(name, this.shape);
    }
  }

  /**
   * pg's `prepare` (Parse when new, Bind, Describe, Execute, Sync), without the Describe of a
   * named statement this connection has described before. Cursors and row listeners go pg's way.
   */
  prepare(connection: PgConnection): void {
    this.sentOn = connection;
    const self = this as unknown as PgQueryPreparation & PgQueryInternals;
    if (self.rows !== undefined || this.listenerCount('row') > 0) {
      pgHandlers.prepare.call(this, connection);
      return;
    }
    const name = self.name;
    const parsed = self.hasBeenParsed(connection);
    if (!parsed) {
      connection.parse({ text: self.text, name, types: self.types });
      if (name) connection.submittedNamedStatements[name] = self.text;
    }
    try {
      connection.bind({
        portal: self.portal,
        statement: name,
        values: self.values,
        binary: self.binary,
        valueMapper: pgUtils.prepareValue,
      });
    } catch (error) {
      // As pg does when a value cannot be sent: the statement is closed. Unlike pg, the
      // connection forgets it once the server is done (its ParseComplete may still be on the
      // way), so that its next run parses it again instead of naming a closed statement.
      connection.close({ type: 'S', name });
      connection.sync();
      this.closedStatement = true;
      self.handleError(error, connection);
      return;
    }
    const known = name && parsed ? described.get(connection)?.get(name) : undefined;
    if (known) {
      this.shape = known;
      self._result.fields = known.fields as Field[];
      self._accumulateRows = true;
    } else {
      connection.describe({ type: 'P', name: self.portal });
    }
    self._getRows(connection, self.rows);
  }

  handleReadyForQuery(connection: PgConnection): void {
    const name = (this as { name?: string }).name;
    if (this.closedStatement && name) {
      delete connection.parsedStatements[name];
      delete connection.submittedNamedStatements[name];
      described.get(connection)?.delete(name);
    }
    pgHandlers.handleReadyForQuery.call(this, connection);
  }

  handleDataRow(message: { fields: Values }): void {
    const shape = this.shape;
    if (!shape) {
      pgHandlers.handleDataRow.call(this, message);
      return;
    }
    const self = this as unknown as PgQueryInternals;
    if (self._canceledDueToError) return;
    try {
      self._result.rows.push(shape.make(message.fields));
    } catch (error) {
      // As pg does: a value its parser refused fails the query once the result has ended.
      self._canceledDueToError = error;
    }
  }

  private shapeOf(fields: Field[]): Shape | null {
    const text = (this as { text?: string }).text ?? '';
    const known = shapes.get(text);
    if (known && sameColumns(known.fields, fields)) return known;
    const types = (this as unknown as PgQueryInternals)._result._types ?? pg.types;
    const shape = makeShape(fields, (oid) => types.getTypeParser(oid, 'text') as Parser);
    if (shape) {
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(text, shape);
    }
    return shape;
  }
}

/** Runs `text` on `client` as a ShapedQuery (named `name`, if given) and answers pg's result. */
export function runShaped(
  client: pg.ClientBase,
  text: string,
  values: readonly unknown[] | undefined,
  name?: string,
): Promise<pg.QueryResult> {
  const query = new ShapedQuery(text, values, name);
  return new Promise((resolve, reject) => {
    query.callback = (error, result) => (error ? reject(error) : resolve(result as pg.QueryResult));
    client.query(query);
  });
}
