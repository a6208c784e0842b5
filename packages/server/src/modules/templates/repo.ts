/** SQL for templates (migration 0055). */
import type { Insertable, Kysely } from 'kysely';
import type { Database, TemplatesTable } from '../../db/schema.js';

/** The columns a list shows: everything but the body. */
const SUMMARY = ['id', 'owner_id', 'kind', 'title', 'task_count', 'created', 'updated'] as const;

export class TemplatesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<TemplatesTable>): Promise<number> {
    const { id } = await this.db
      .insertInto('templates')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** The owner's templates without their bodies, by title. */
  listOf(ownerId: number) {
    return this.db
      .selectFrom('templates')
      .select(SUMMARY)
      .where('owner_id', '=', ownerId)
      .orderBy('title')
      .orderBy('id')
      .execute();
  }

  summary(id: number) {
    return this.db.selectFrom('templates').select(SUMMARY).where('id', '=', id).executeTakeFirst();
  }

  find(id: number) {
    return this.db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async countTasks(projectId: number): Promise<number> {
    const row = await this.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A task's reminders as a create takes them. */
  remindersOf(taskId: number) {
    return this.db
      .selectFrom('task_reminders')
      .select(['reminder', 'relative_period', 'relative_to'])
      .where('task_id', '=', taskId)
      .orderBy('id')
      .execute();
  }

  async rename(id: number, title: string, updated: string): Promise<void> {
    await this.db.updateTable('templates').set({ title, updated }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('templates').where('id', '=', id).execute();
  }
}
