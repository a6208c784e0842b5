/** SQL behind the rights resolver: ancestor chains and the set of visible projects. */
import { isRight, type ProjectGrant, type ProjectLevel } from '@ordo/core';
import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely';
import { reusedQuery } from '../../db/reused-query.js';
import type { Database } from '../../db/schema.js';

/** Deeper nesting than this is treated as a cycle guard, never reached by real data. */
const MAX_DEPTH = 100;

export class RightsRepo {
  private readonly chainRows;

  constructor(private readonly db: Kysely<Database>) {
    this.chainRows = reusedQuery(
      db,
      (projectIds: readonly number[]) => sql<{
        start_id: number;
        id: number;
        owner_id: number;
        depth: number;
      }>`
      WITH RECURSIVE chain(start_id, id, parent_project_id, owner_id, depth) AS (
        SELECT id, id, parent_project_id, owner_id, 0 FROM projects
        WHERE id IN (${sql.join(projectIds)})
        UNION ALL
        SELECT c.start_id, p.id, p.parent_project_id, p.owner_id, c.depth + 1
        FROM projects p JOIN chain c ON p.id = c.parent_project_id
        WHERE c.depth < ${MAX_DEPTH}
      )
      SELECT start_id, id, owner_id, depth FROM chain ORDER BY start_id, depth`,
    );
  }

  /** Each project's ancestry, nearest first, in one recursive query. Unknown ids are absent. */
  async chains(projectIds: readonly number[]): Promise<Map<number, ProjectLevel[]>> {
    const result = new Map<number, ProjectLevel[]>();
    if (projectIds.length === 0) return result;
    const rows = await this.chainRows([...new Set(projectIds)]);
    for (const row of rows) {
      const chain = result.get(row.start_id) ?? [];
      chain.push({ projectId: row.id, ownerId: row.owner_id });
      result.set(row.start_id, chain);
    }
    return result;
  }

  /** The project and right of a link share, or undefined when the share no longer exists. */
  async linkShareGrant(shareId: number): Promise<ProjectGrant | undefined> {
    const row = await this.db
      .selectFrom('link_shares')
      .select(['project_id', 'right'])
      .where('id', '=', shareId)
      .executeTakeFirst();
    return row && isRight(row.right) ? { projectId: row.project_id, right: row.right } : undefined;
  }

  /** A link share sees its own project only, never the project's children. */
  linkShareProjectIds(shareId: number): RawBuilder<number> {
    return sql<number>`(SELECT project_id FROM link_shares WHERE id = ${shareId})`;
  }

  /**
   * A sub-query selecting (project_id, user_id): the owners of each project `projectIds` selects
   * and of its ancestors, and the grantees on any of them (`grantees`, one sub-query per grant
   * source, given the ids of the projects along the chains).
   */
  readersOf(
    projectIds: Expression<unknown>,
    grantees: (chainIds: Expression<unknown>) => readonly Expression<unknown>[],
  ): RawBuilder<{ project_id: number; user_id: number }> {
    const chainIds = sql`SELECT id FROM reach`;
    const granted = grantees(chainIds).map(
      (g) => sql`SELECT r.start_id, g.user_id FROM reach r INNER JOIN (${g}) g ON g.project_id = r.id`,
    );
    return sql`(
      WITH RECURSIVE reach(start_id, id, parent_project_id, owner_id, depth) AS (
        SELECT id, id, parent_project_id, owner_id, 0 FROM projects WHERE id IN (${projectIds})
        UNION ALL
        SELECT r.start_id, p.id, p.parent_project_id, p.owner_id, r.depth + 1
        FROM projects p JOIN reach r ON p.id = r.parent_project_id
        WHERE r.depth < ${MAX_DEPTH}
      )
      SELECT start_id AS project_id, owner_id AS user_id FROM reach
      ${sql.join(
        granted.map((g) => sql`UNION ${g}`),
        sql` `,
      )})`;
  }

  /**
   * A sub-query selecting the ids of every project the user can see: the roots they own or hold a
   * grant on (`grantedIds`, one sub-query per grant source) and every descendant of those.
   */
  visibleProjectIds(userId: number, grantedIds: readonly Expression<unknown>[]): RawBuilder<number> {
    const anchors = [
      sql`SELECT id FROM projects WHERE owner_id = ${userId}`,
      ...grantedIds.map((g) => sql`${g}`),
    ];
    return sql<number>`(
      WITH RECURSIVE visible(id) AS (
        ${sql.join(anchors, sql` UNION `)}
        UNION
        SELECT p.id FROM projects p JOIN visible v ON p.parent_project_id = v.id
      )
      SELECT id FROM visible)`;
  }
}
