/** SQL for projects: lookup, the visible list, subtrees, identifiers and default-project checks. */
import { nowIso } from '@ordo/core';
import { type Expression, type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import { pageWithTotal } from '../../db/page-with-total.js';
import { reusedQuery } from '../../db/reused-query.js';
import type { Database, ProjectRow, ProjectsTable, UserRow } from '../../db/schema.js';
import { containsIgnoringCase } from '../input/like.js';
import { selectUsersByIds } from '../users/users-by-ids.js';

export type NewProject = Omit<Insertable<ProjectsTable>, 'created' | 'updated'>;

export interface ProjectListQuery {
  visibleIds: Expression<number>;
  includeArchived: boolean;
  /** Case-insensitive text in title, description or identifier. */
  search?: string;
  /** Exact ids (the `s` parameter as a comma list). */
  ids?: number[];
  limit: number | null;
  offset: number;
}

export class ProjectsRepo {
  private readonly byId;

  constructor(private readonly db: Kysely<Database>) {
    this.byId = reusedQuery(db, (id: number) => db.selectFrom('projects').selectAll().where('id', '=', id));
  }

  with(db: Kysely<Database>): ProjectsRepo {
    return new ProjectsRepo(db);
  }

  async find(id: number): Promise<ProjectRow | undefined> {
    return (await this.byId(id))[0];
  }

  findMany(ids: readonly number[]): Promise<ProjectRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('projects')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  async insert(project: NewProject): Promise<ProjectRow> {
    const now = nowIso();
    return this.db
      .insertInto('projects')
      .values({ ...project, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Updateable<ProjectsTable>): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({ ...changes, updated: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** One page of the visible projects ordered by position, and the total across pages. */
  async listVisible(q: ProjectListQuery): Promise<{ rows: ProjectRow[]; total: number }> {
    let base = this.db.selectFrom('projects').where('id', 'in', q.visibleIds);
    if (!q.includeArchived) base = base.where('is_archived', '=', false);
    if (q.ids) base = base.where('id', 'in', q.ids.length > 0 ? q.ids : [0]);
    if (q.search) {
      const text = q.search;
      base = base.where((eb) =>
        eb.or(['title', 'description', 'identifier'].map((c) => containsIgnoringCase(sql.ref(c), text))),
      );
    }
    return pageWithTotal(base, base.selectAll().orderBy('position').orderBy('id'), q);
  }

  /** The project and all its descendants. */
  /** The ids of these projects' tasks. */
  async taskIdsOf(projectIds: readonly number[]): Promise<number[]> {
    const rows = await this.db
      .selectFrom('tasks')
      .select('id')
      .where('project_id', 'in', projectIds)
      .execute();
    return rows.map((r) => r.id);
  }

  async subtreeIds(id: number): Promise<number[]> {
    const rows = await sql<{ id: number }>`
      WITH RECURSIVE subtree(id) AS (
        SELECT id FROM projects WHERE id = ${id}
        UNION
        SELECT p.id FROM projects p JOIN subtree s ON p.parent_project_id = s.id
      )
      SELECT id FROM subtree`.execute(this.db);
    return rows.rows.map((r) => r.id);
  }

  async setArchived(ids: readonly number[], archived: boolean): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('projects')
      .set({ is_archived: archived, updated: nowIso() })
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Deletes the projects; views, buckets, tasks and their rows cascade. */
  async deleteMany(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom('projects')
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Projects whose identifier is this one, ignoring case (identifiers are unique per owner). */
  async idsWithIdentifier(identifier: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('projects')
      .select('id')
      .where(sql<string>`upper(identifier)`, '=', identifier.toUpperCase())
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async identifierTaken(ownerId: number, identifier: string, exceptId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('identifier', '=', identifier)
      .where('id', '!=', exceptId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Is any of these projects some user's default project? */
  async anyIsDefault(ids: readonly number[]): Promise<boolean> {
    if (ids.length === 0) return false;
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('default_project_id', 'in', [...ids])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async setDefaultProject(userId: number, projectId: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ default_project_id: projectId })
      .where('id', '=', userId)
      .execute();
  }

  usersByIds(ids: readonly number[]): Promise<UserRow[]> {
    return selectUsersByIds(this.db, ids);
  }

  /** Siblings (same parent; for top level, the same owner) ordered by position, for re-spreading. */
  siblings(project: Pick<ProjectRow, 'parent_project_id' | 'owner_id'>): Promise<Pick<ProjectRow, 'id'>[]> {
    let q = this.db
      .selectFrom('projects')
      .select('id')
      .where('parent_project_id', '=', project.parent_project_id);
    if (project.parent_project_id === 0) q = q.where('owner_id', '=', project.owner_id);
    return q.orderBy('position').orderBy('id').execute();
  }

  async setPositions(positions: readonly { id: number; position: number }[]): Promise<void> {
    for (const p of positions) {
      await this.db.updateTable('projects').set({ position: p.position }).where('id', '=', p.id).execute();
    }
  }
}
