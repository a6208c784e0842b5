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
      this.startAfresh();
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

  /** Every text gets a new name from now on, so each connection parses it again. */
  startAfresh(): void {
    this.names.clear();
    this.seen.clear();
    this.generation++;
  }
}

/**
 * PostgreSQL's answer to a named statement whose tables changed shape since it was prepared, by
 * another process (a newer Ordo server migrating the database, the `ordo` command line): this
 * process's own schema changes start the names afresh before they run.
 */
function isStalePlan(error: unknown): boolean {
  return (
    (error as { code?: unknown }).code === '0A000' &&
    String((error as Error).message).includes('cached plan must not change result type')
  );
}

/** In a transaction that failed, PostgreSQL refuses every statement until it is rolled back. */
const IN_FAILED_TRANSACTION = '25P02';

/**
 * Kysely's client for a pg client: texts seen before go out under their names (see above), as
 * queries that build their rows once per shape (shaped-query.ts).
 * `release` hands the connection back (see read-batch.ts).
 */
export function namingClient(names: StatementNames) {
  return (client: pg.PoolClient, release: () => void): PostgresPoolClient => {
    const query = (textOrCursor: unknown, values?: readonly unknown[]) => {
      if (typeof textOrCursor !== 'string') return client.query(textOrCursor as pg.Submittable);
      const name = names.nameFor(textOrCursor);
      const sent = runShaped(client, textOrCursor, values, name);
      if (name === undefined) return sent;
      return sent.catch((error: unknown) => {
        if (!isStalePlan(error)) throw error;
        names.startAfresh();
        // The statement was refused before it ran, so it can go again, unnamed. Inside a
        // transaction the refusal has failed the transaction: its own error is the one to tell.
        return runShaped(client, textOrCursor, values, undefined).catch((retryError: unknown) => {
          throw (retryError as { code?: unknown }).code === IN_FAILED_TRANSACTION ? error : retryError;
        });
      });
    };
    return { query: query as unknown as PostgresPoolClient['query'], release };
  };
}
