/** SQL for the names CalDAV clients give calendars they make (MKCALENDAR), per user. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export class CollectionNamesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async projectIdOf(userId: number, name: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('caldav_collection_names')
      .select('project_id')
      .where('user_id', '=', userId)
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.project_id;
  }

  /** The user's calendar names by project id. */
  async namesOf(userId: number): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('caldav_collection_names')
      .select(['project_id', 'name'])
      .where('user_id', '=', userId)
      .execute();
    return new Map(rows.map((r) => [r.project_id, r.name]));
  }

  async insert(projectId: number, userId: number, name: string): Promise<void> {
    await this.db
      .insertInto('caldav_collection_names')
      .values({ project_id: projectId, user_id: userId, name })
      .execute();
  }
}
