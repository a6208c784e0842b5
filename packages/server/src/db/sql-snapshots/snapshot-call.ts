/** The shape of the SQL snapshot calls (cases.ts): a repository, how to make it, what to call. */
import { type Expression, sql } from 'kysely';
import type { Db, Dialect } from '../database.js';

type Rows = Record<string, unknown>[];

/**
 * One call of a method; `answers` are the rows its statements get, in order (none by default),
 * or per database when their statements differ.
 */
export interface SnapshotCall<R> {
  /** `db` is the recording database the repository was made on. */
  run(repo: R, db: Db): unknown;
  answers?: Rows[] | Record<Dialect, Rows[]>;
}

export interface RepoCases<R> {
  /** The repository's source file, relative to packages/server/src. */
  file: string;
  make(db: Db): R;
  /** By method name; `name (variant)` for more calls of the same method. */
  calls: Record<string, SnapshotCall<R> | ((repo: R, db: Db) => unknown)>;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of repositories of every type
export type AnyRepoCases = RepoCases<any>;

export function repo<R>(file: string, make: (db: Db) => R, calls: RepoCases<R>['calls']): RepoCases<R> {
  return { file, make, calls };
}

/** A sub-query of project ids standing in for the caller's visible projects. */
export const VISIBLE: Expression<number> = sql<number>`SELECT id FROM visible_projects`;
