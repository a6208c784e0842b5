/**
 * Puts rows taken out of the live tables back as they were, column by column, leaving out a row
 * whose references went away meanwhile (a deleted label, user, team, bucket or related task)
 * rather than failing the whole restore, and a row already back (named by two snapshots).
 * The tables' foreign keys are read from the catalogue once per restorer, so a column or table a
 * later migration adds travels along without code changes.
 */
import { type Kysely, sql } from 'kysely';
import { type ForeignKey, foreignKeys } from '../../cli/database-tables.js';
import type { Dialect } from '../../db/database.js';
import { idChunks, selectInChunks } from '../../db/id-chunks.js';

/** A row as the database handed it out. */
export type Row = Record<string, unknown>;

// biome-ignore lint/suspicious/noExplicitAny: tables are named at run time, read column-agnostic.
export type AnyDb = Kysely<any>;

export class RowRestorer {
  private keys: Promise<ForeignKey[]> | undefined;

  constructor(
    private readonly db: AnyDb,
    private readonly dialect: Dialect,
    /** Every table this restorer will be asked to fill (their keys are read in one go). */
    private readonly tables: readonly string[],
  ) {}

  /** Inserts the rows whose references exist; `generated` columns are the triggers' to write. */
  async insert(table: string, rows: readonly Row[], generated: readonly string[] = []): Promise<Row[]> {
    if (rows.length === 0) return [];
    this.keys ??= foreignKeys(this.db, this.dialect, this.tables);
    const keys = (await this.keys).filter((k) => k.table === table);
    const kept = (await this.whoseReferencesExist(table, unique(rows), keys)).map((row) =>
      withoutColumns(row, generated),
    );
    // A few rows per statement: each row binds one parameter per column.
    for (const chunk of idChunks(kept, 50)) await this.db.insertInto(table).values(chunk).execute();
    return kept;
  }

  private async whoseReferencesExist(table: string, rows: Row[], keys: ForeignKey[]): Promise<Row[]> {
    let kept = rows;
    // A row put back already (by the restore of another task it names) is not put back twice.
    if ('id' in rows[0]) {
      const found = await selectInChunks(
        rows.map((r) => r.id),
        (part) => this.db.selectFrom(table).select('id').where('id', 'in', part).execute(),
      );
      const present = new Set(found.map((r) => String(r.id)));
      kept = kept.filter((r) => !present.has(String(r.id)));
    }
    for (const key of keys) {
      const wanted = [
        ...new Set(kept.map((r) => r[key.column]).filter((v) => v !== null && v !== undefined)),
      ];
      if (wanted.length === 0) continue;
      const found = await selectInChunks(wanted, (part) =>
        this.db
          .selectFrom(key.referencedTable)
          .select(sql.ref(key.referencedColumn).as('value'))
          .where(key.referencedColumn, 'in', part)
          .execute(),
      );
      const present = new Set(found.map((r) => String(r.value)));
      kept = kept.filter(
        (r) => r[key.column] === null || r[key.column] === undefined || present.has(String(r[key.column])),
      );
    }
    return kept;
  }
}

/** Rows with an id once each: a relation between two restored tasks is in both their snapshots. */
function unique(rows: readonly Row[]): Row[] {
  if (rows.length === 0 || !('id' in rows[0])) return [...rows];
  const seen = new Set<string>();
  return rows.filter((row) => {
    const id = String(row.id);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function withoutColumns(row: Row, columns: readonly string[]): Row {
  if (columns.length === 0) return row;
  return Object.fromEntries(Object.entries(row).filter(([column]) => !columns.includes(column)));
}
