/**
 * The SQL snapshots: each repository's statements, method by method, for SQLite and PostgreSQL,
 * committed beside the repository as `<repo>.sql` so that a query change shows in review.
 * `npm run sql:snapshots` writes them; `--check` (and the unit test beside this file) fails when a
 * committed file is stale or a repository method has no snapshot call.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Dialect } from '../database.js';
import { repoCases } from './cases.js';
import { recordingDb, StatementRecorder } from './recording-db.js';
import type { AnyRepoCases, SnapshotCall } from './snapshot-call.js';

/** packages/server/src */
export const SOURCE_ROOT = join(import.meta.dirname, '..', '..');

const DIALECTS: Dialect[] = ['sqlite', 'postgres'];

/** Kysely's clauses start a line of their own; quoted names and strings are left as they are. */
const CLAUSE =
  /("(?:[^"]|"")*"|'(?:[^']|'')*')|\s(from|where|inner join|left join|cross join|order by|group by|having|limit|returning|on conflict|values|set|union all)\s/g;

export function layout(statement: string): string {
  return statement.replace(CLAUSE, (match, quoted: string | undefined, clause: string | undefined) =>
    quoted !== undefined ? match : `\n  ${clause} `,
  );
}

/**
 * The public methods of a repository: its class's, and the reused queries it keeps as fields
 * (private ones are named so in its source).
 */
function publicMethods(instance: object, source: string): string[] {
  const hidden = new Set(
    [
      ...source.matchAll(
        /^\s+(?:private|protected)\s+(?:static\s+)?(?:readonly\s+)?(?:async\s+)?(?:get\s+)?(\w+)/gm,
      ),
    ].map((m) => m[1]),
  );
  const proto = Object.getPrototypeOf(instance);
  const methods = Object.getOwnPropertyNames(proto).filter(
    (name) => typeof Object.getOwnPropertyDescriptor(proto, name)!.value === 'function',
  );
  const fields = Object.keys(instance).filter(
    (name) => typeof (instance as Record<string, unknown>)[name] === 'function',
  );
  // `with(trx)` hands the same repository a transaction: no SQL of its own.
  return [...methods, ...fields].filter(
    (name) => name !== 'constructor' && name !== 'with' && !hidden.has(name),
  );
}

async function statementsOf(
  cases: AnyRepoCases,
  dialect: Dialect,
  name: string,
  call: SnapshotCall<unknown>,
): Promise<string[]> {
  const recorder = new StatementRecorder();
  const db = recordingDb(dialect, recorder);
  const repo = cases.make(db);
  const answers = call.answers ?? [];
  recorder.answer(Array.isArray(answers) ? answers : answers[dialect]);
  try {
    const result = await call.run(repo, db);
    // A method that answers a sub-query (for other statements to embed) shows it compiled.
    if (isCompilable(result)) recorder.record(result.compile(db.kysely).sql);
  } catch {
    // A method that needs a row it did not get throws after its statements: they are what counts.
  }
  if (recorder.statements.length === 0) {
    throw new Error(`${cases.file}: ${name} ran no statement on ${dialect}; give it arguments or answers`);
  }
  return recorder.statements.map((s) => layout(s.sql));
}

function isCompilable(value: unknown): value is { compile(db: unknown): { sql: string } } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { compile?: unknown }).compile === 'function'
  );
}

/** The snapshot file of one repository. */
export async function renderRepo(cases: AnyRepoCases): Promise<string> {
  const source = readFileSync(join(SOURCE_ROOT, cases.file), 'utf8');
  // From the source: a bundler may rename the class itself.
  const className = /^export class (\w+)/m.exec(source)?.[1] ?? 'Repo';
  const missing = publicMethods(cases.make(recordingDb('sqlite', new StatementRecorder())), source).filter(
    (method) => !Object.keys(cases.calls).some((key) => key === method || key.startsWith(`${method} (`)),
  );
  if (missing.length > 0) {
    throw new Error(
      `${cases.file}: no SQL snapshot call for ${missing.map((m) => `${className}.${m}`).join(', ')} (db/sql-snapshots/cases.ts)`,
    );
  }
  const parts = [
    `-- The SQL of ${cases.file}, method by method, for SQLite and PostgreSQL.`,
    '-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.',
  ];
  for (const [name, entry] of Object.entries(cases.calls)) {
    const call = typeof entry === 'function' ? { run: entry } : entry;
    parts.push('', `-- ${className}.${name}`);
    for (const dialect of DIALECTS) {
      parts.push(`-- ${dialect}`);
      parts.push(...(await statementsOf(cases, dialect, name, call)).map((s) => `${s};`));
    }
  }
  return `${parts.join('\n')}\n`;
}

/** The snapshot file beside a repository: `list-repo.ts` → `list-repo.sql`. */
export function snapshotPath(file: string): string {
  return join(SOURCE_ROOT, file.replace(/\.ts$/, '.sql'));
}

/** Every repository file under modules/ (`*-repo.ts`, `repo.ts`). */
function repositoryFiles(): string[] {
  const modules = join(SOURCE_ROOT, 'modules');
  return (readdirSync(modules, { recursive: true }) as string[])
    .filter((f) => /(^|[/-])repo\.ts$/.test(f))
    .map((f) => relative(SOURCE_ROOT, join(modules, f)));
}

/** Files with a repository class: the snapshot calls must cover each one. */
function uncovered(): string[] {
  const covered = new Set(repoCases.map((c) => c.file));
  return repositoryFiles().filter(
    (file) => !covered.has(file) && /^export class /m.test(readFileSync(join(SOURCE_ROOT, file), 'utf8')),
  );
}

/** Every snapshot file and its content, absolute path first. */
export async function renderAll(): Promise<Map<string, string>> {
  const missing = uncovered();
  if (missing.length > 0) {
    throw new Error(`no SQL snapshot calls for ${missing.join(', ')} (db/sql-snapshots/cases.ts)`);
  }
  const rendered = new Map<string, string>();
  for (const cases of repoCases) rendered.set(snapshotPath(cases.file), await renderRepo(cases));
  return rendered;
}

/** Snapshot files under modules/ whose repository is gone (renamed or removed). */
export function leftoverFiles(rendered: Map<string, string>): string[] {
  const modules = join(SOURCE_ROOT, 'modules');
  return (readdirSync(modules, { recursive: true }) as string[])
    .filter((f) => /(^|[/-])repo\.sql$/.test(f))
    .map((f) => join(modules, f))
    .filter((path) => !rendered.has(path));
}

/**
 * The snapshot files whose committed content differs from what the repositories send now, and
 * those left over from a repository that is gone.
 */
export function staleFiles(rendered: Map<string, string>): string[] {
  const stale = leftoverFiles(rendered).map((path) => relative(process.cwd(), path));
  for (const [path, content] of rendered) {
    let committed: string | null;
    try {
      committed = readFileSync(path, 'utf8');
    } catch {
      committed = null;
    }
    if (committed !== content) stale.push(relative(process.cwd(), path));
  }
  return stale;
}
