/**
 * Kysely sends every PostgreSQL query as an unnamed statement, so the server parses and plans it
 * again on each call. On the benchmark machine that was most of PostgreSQL's work for a page of
 * tasks: a 50-id `in (…)` query took 1–1.5 ms to parse and plan and 0.03 ms to run, and a list
 * request runs about fifteen of them.
 *
 * This hands Kysely a pool whose clients send a query text seen before as a named statement: each
 * connection parses it once, and PostgreSQL's plan cache keeps its plan (it switches to a generic
 * plan only when that is not dearer than the custom ones, so skewed parameters keep theirs).
 * Only texts seen twice get a name, at most MAX_NAMED of them, so one-off texts (long `in` lists
 * of a rare length) cannot fill every connection's memory. A schema change starts the names
 * afresh: a statement prepared before it could otherwise answer "cached plan must not change
 * result type".
 */
import type { PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { runShaped } from './shaped-query.js';

const MAX_NAMED = 400;
/** Texts seen once, remembered until they are seen again or this many pile up. */
const MAX_SEEN = 4000;
/** Longer texts are rare shapes; naming them would keep big plans in every connection. */
const MAX_TEXT = 16_000;

const NAMEABLE = /^\s*(select|insert|update|delete|with)\s/i;
const SCHEMA_CHANGE = /^\s*(create|alter|drop|truncate)\s/i;

export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Set<string>();
  private generation = 0;
  private counter = 0;

  /** The name to send `text` under, or undefined to send it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined) return name;
    if (SCHEMA_CHANGE.test(text)) {
      this.names.clear();
      this.seen.clear();
      this.generation++;
      return undefined;
    }
    if (text.length > MAX_TEXT || this.names.size >= MAX_NAMED || !NAMEABLE.test(text)) return undefined;
    if (!this.seen.has(text)) {
      if (this.seen.size >= MAX_SEEN) this.seen.clear();
      this.seen.add(text);
      return undefined;
    }
    this.seen.delete(text);
    const fresh = `ordo_g${this.generation}_${++this.counter}`;
    this.names.set(text, fresh);
    return fresh;
  }
}

/**
 * Kysely's client for a pg client: texts seen before go out under their names (see above), as
 * queries that build their rows once per shape (shaped-query.ts).
 * `release` hands the connection back (see read-batch.ts).
 */
export function namingClient(names: StatementNames) {
  return (client: pg.PoolClient, release: () => void): PostgresPoolClient => {
    const query = (textOrCursor: unknown, values?: readonly unknown[]) => {
      if (typeof textOrCursor !== 'string') return client.query(textOrCursor as pg.Submittable);
      return runShaped(client, textOrCursor, values, names.nameFor(textOrCursor));
    };
    return { query: query as unknown as PostgresPoolClient['query'], release };
  };
}
