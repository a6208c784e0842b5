/** SQL for link shares. The token check runs on every link-share request, so it is prepared. */
import { nowIso } from '@ordo/core';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { pageWithTotal } from '../../db/page-with-total.js';
import type { Database, LinkShareRow, UserRow } from '../../db/schema.js';
import { containsIgnoringCase } from '../input/like.js';
import { selectUsersByIds } from '../users/users-by-ids.js';

export interface NewLinkShare {
  hash: string;
  name: string;
  project_id: number;
  right: number;
  sharing_type: number;
  password_hash: string;
  shared_by_id: number;
}

export class LinkSharesRepo {
  readonly #byId;

  constructor(private readonly database: Db) {
    this.#byId = database.prepare<LinkShareRow>('SELECT * FROM link_shares WHERE id = ?');
  }

  private get db(): Kysely<Database> {
    return this.database.kysely;
  }

  /** The share behind a link-share token, read fresh so a deleted share stops at once. */
  async findForToken(id: number): Promise<LinkShareRow | null> {
    return (await this.#byId([id])) ?? null;
  }

  findByHash(hash: string): Promise<LinkShareRow | undefined> {
    return this.db.selectFrom('link_shares').selectAll().where('hash', '=', hash).executeTakeFirst();
  }

  findInProject(projectId: number, id: number): Promise<LinkShareRow | undefined> {
    return this.db
      .selectFrom('link_shares')
      .selectAll()
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
  }

  /** One page of a project's shares, searched by name; always limited to this project. */
  async list(
    projectId: number,
    opts: { search?: string; limit: number | null; offset: number },
  ): Promise<{ rows: LinkShareRow[]; total: number }> {
    let query = this.db.selectFrom('link_shares').where('project_id', '=', projectId);
    if (opts.search) query = query.where(containsIgnoringCase(sql.ref('name'), opts.search));
    return pageWithTotal(query, query.selectAll().orderBy('id'), opts);
  }

  async insert(share: NewLinkShare): Promise<LinkShareRow> {
    const now = nowIso();
    return this.db
      .insertInto('link_shares')
      .values({ ...share, created: now, updated: now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('link_shares').where('id', '=', id).execute();
  }

  /** The users who created these shares. */
  usersByIds(ids: readonly number[]): Promise<UserRow[]> {
    return selectUsersByIds(this.db, ids);
  }
}
