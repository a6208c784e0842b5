/** SQL behind notification payloads: the rows an event's payload is built from. */
import { type Kysely, sql } from 'kysely';
import type { Database, LinkShareRow, ProjectRow, TaskRow, TeamRow, UserRow } from '../../db/schema.js';

export class PayloadRepo {
  constructor(private readonly db: Kysely<Database>) {}

  user(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Users by username, case-insensitively (mentions are read lower-cased), in one query. */
  usersNamed(usernames: readonly string[]): Promise<UserRow[]> {
    if (usernames.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(username)`, 'in', [...usernames])
      .execute();
  }

  linkShare(id: number): Promise<LinkShareRow | undefined> {
    return this.db.selectFrom('link_shares').selectAll().where('id', '=', id).executeTakeFirst();
  }

  task(id: number): Promise<TaskRow | undefined> {
    return this.db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Tasks by id, in id order. */
  tasks(ids: readonly number[]): Promise<TaskRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
  }

  projects(ids: readonly number[]): Promise<ProjectRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('projects')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
  }

  project(id: number): Promise<ProjectRow | undefined> {
    return this.db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  team(id: number): Promise<TeamRow | undefined> {
    return this.db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
