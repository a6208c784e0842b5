/**
 * A list's total, counted once and answered again while nothing it counts has changed.
 *
 * Counting a filtered list costs what it matches: `priority >= 3 && due_date < now+30d` over
 * 100,000 tasks walks 20,000 index entries, 2 ms of PostgreSQL's CPU for every page of it, where
 * the page itself costs a tenth of that. Paging through a list, a board's refetch, a second tab
 * or another member on the same list ask the same count again.
 *
 * What a count reads is versioned per project (migration 0062): triggers raise a project's version
 * on every write to its tasks or to the rows a filter tests. The count goes out as one statement
 * that also reads the sum of its projects' versions, and, when that sum is the one the total was
 * last counted at, answers the kept total instead of counting:
 *
 *   SELECT s.v, CASE WHEN s.v = <kept version> THEN <kept total> ELSE (<the count>) END
 *   FROM (SELECT sum(version) FROM project_list_versions WHERE project_id IN (0, <projects>)) s
 *
 * Both databases leave a CASE branch they do not take unevaluated (PostgreSQL runs the count as an
 * InitPlan only when it is first needed), and read the versions and the count in the one snapshot
 * of the statement, so a total is never kept under a version older than what it counted. No
 * extra round trip: without a kept total the statement counts, as the plain count did.
 *
 * The key is the count's own SQL and parameters: the projects, the filter's values and the user
 * where the filter names one (favourites). A date filter relative to now (`now+30d`) is resolved
 * to the second, so its total is kept for requests within that second only.
 * Each server process keeps its own totals; the versions live in the database, so every process
 * and every instance sees a write at once.
 */
import type { Kysely, SelectQueryBuilder } from 'kysely';
import { EVERY_LIST } from '../../db/migrations/0062-project-list-versions.js';
import type { Database } from '../../db/schema.js';

/** How many totals a process keeps (the least recently asked go first). */
const KEPT = 2_000;

/** Stand-ins for the kept version and total while the statement is compiled. */
const VERSION_STAND_IN = -1;
const TOTAL_STAND_IN = -2;

interface Kept {
  version: number;
  total: number;
}

// biome-ignore lint/suspicious/noExplicitAny: a count over any of the list's sources.
type Count = SelectQueryBuilder<Database, any, { n: number | string | bigint }>;

export class ListTotals {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The total `count` answers over the tasks of `projectIds`, kept or counted. */
  async count(count: Count, projectIds: readonly number[]): Promise<{ n: number }> {
    const versions = this.db
      .selectFrom('project_list_versions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('version'), eb.lit(0)).as('v'))
      .where('project_id', 'in', [EVERY_LIST, ...projectIds]);
    const compiled = this.db
      .selectFrom(versions.as('s'))
      .select((eb) => [
        's.v',
        eb.case().when('s.v', '=', VERSION_STAND_IN).then(eb.val(TOTAL_STAND_IN)).else(count).end().as('n'),
      ])
      .compile();
    const [version, total, ...rest] = compiled.parameters;
    // The CASE's two values come first: the select list is compiled before FROM.
    if (version !== VERSION_STAND_IN || total !== TOTAL_STAND_IN)
      throw new Error('ListTotals: the kept version and total are not the first parameters');
    const key = `${compiled.sql}\n${JSON.stringify(rest)}`;
    const kept = this.kept.get(key);
    const parameters = [kept?.version ?? VERSION_STAND_IN, kept?.total ?? 0, ...rest];
    const { rows } = await this.db.executeQuery<{ v: number | string; n: number | string }>({
      ...compiled,
      parameters,
    });
    const answer = { version: Number(rows[0].v), total: Number(rows[0].n) };
    // Most recently asked last: a Map iterates in insertion order.
    this.kept.delete(key);
    this.kept.set(key, answer);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value as string);
    return { n: answer.total };
  }
}
