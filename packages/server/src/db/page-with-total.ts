import type { SelectQueryBuilder } from 'kysely';

/** One page of rows and how many rows match in all (for the pagination headers). */
export interface PageWithTotal<Row> {
  rows: Row[];
  total: number;
}

/**
 * Runs one page of `listing` (the `filtered` query with its columns and order) and a count over
 * `filtered`, side by side. A `limit` of null means every row from the start, unpaged.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O, Row>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  listing: SelectQueryBuilder<DB, TB, Row>,
  window: { limit: number | null; offset: number },
): Promise<PageWithTotal<Row>> {
  const page = window.limit === null ? listing : listing.limit(window.limit).offset(window.offset);
  const [rows, count] = await Promise.all([
    page.execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // The selection's type is lost in the generic `O`; the count is a number (a string on PostgreSQL).
  return { rows: rows as Row[], total: Number((count as { n: number | string }).n) };
}
