/**
 * Long id lists split for `IN (…)`: SQLite refuses a statement with more than 32,766 parameters
 * and PostgreSQL one with more than 65,535, so a query names at most this many ids and the caller
 * runs it once per part.
 */
export const IDS_PER_QUERY = 500;

export function idChunks<T>(ids: readonly T[], size = IDS_PER_QUERY): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < ids.length; i += size) parts.push(ids.slice(i, i + size));
  return parts;
}

/** Runs `query` on each part of `ids` in turn and joins the rows. */
export async function selectInChunks<T, R>(
  ids: readonly T[],
  query: (part: T[]) => Promise<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  for (const part of idChunks(ids)) rows.push(...(await query(part)));
  return rows;
}
