/** SQL for custom field definitions (`project_fields`) and the tasks' values (`task_field_values`). */
import type { Expression, Insertable, Kysely, Updateable } from 'kysely';
import { reusedQuery } from '../../db/reused-query.js';
import type {
  Database,
  ProjectFieldRow,
  ProjectFieldsTable,
  TaskFieldValueRow,
  TaskFieldValuesTable,
  UserRow,
} from '../../db/schema.js';

export type NewProjectField = Insertable<ProjectFieldsTable>;
export type NewFieldValue = Omit<Insertable<TaskFieldValuesTable>, 'id'>;
/** A value row with its field's kind. */
export type KindedValueRow = TaskFieldValueRow & { kind: string };

export class CustomFieldsRepo {
  /** The values of these tasks with their field's kind, in the order they were written. */
  readonly valuesOfTasks;
  /** The users named by `user` values. */
  readonly usersById;

  constructor(private readonly db: Kysely<Database>) {
    this.valuesOfTasks = reusedQuery(db, (taskIds: readonly number[]) =>
      db
        .selectFrom('task_field_values as v')
        .innerJoin('project_fields as f', 'f.id', 'v.field_id')
        .selectAll('v')
        .select('f.kind')
        .where('v.task_id', 'in', taskIds)
        .orderBy('v.id'),
    );
    this.usersById = reusedQuery(db, (ids: readonly number[]) =>
      db.selectFrom('users').selectAll().where('id', 'in', ids),
    );
  }

  with(db: Kysely<Database>): CustomFieldsRepo {
    return new CustomFieldsRepo(db);
  }

  /** A project's fields in the order they are shown. */
  ofProject(projectId: number): Promise<ProjectFieldRow[]> {
    return this.ofProjects([projectId]);
  }

  ofProjects(projectIds: readonly number[] | Expression<number>): Promise<ProjectFieldRow[]> {
    if (Array.isArray(projectIds) && projectIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('project_fields')
      .selectAll()
      .where('project_id', 'in', projectIds as readonly number[])
      .orderBy('project_id')
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** How many of these fields belong to the projects given. */
  async readableAmong(fieldIds: readonly number[], projectIds: Expression<number>): Promise<number> {
    const row = await this.db
      .selectFrom('project_fields')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('id', 'in', [...fieldIds])
      .where('project_id', 'in', projectIds as unknown as readonly number[])
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  find(id: number): Promise<ProjectFieldRow | undefined> {
    return this.db.selectFrom('project_fields').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: readonly number[]): Promise<ProjectFieldRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('project_fields')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  async lastPosition(projectId: number): Promise<number> {
    const row = await this.db
      .selectFrom('project_fields')
      .select((eb) => eb.fn.max('position').as('last'))
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(row?.last ?? 0);
  }

  async insert(row: NewProjectField): Promise<ProjectFieldRow> {
    return this.db.insertInto('project_fields').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Updateable<ProjectFieldsTable>): Promise<void> {
    await this.db.updateTable('project_fields').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('task_field_values').where('field_id', '=', id).execute();
    await this.db.deleteFrom('project_fields').where('id', '=', id).execute();
  }

  /** Takes options off every task's value of a choice field. */
  async removeOptions(fieldId: number, options: readonly string[]): Promise<void> {
    if (options.length === 0) return;
    await this.db
      .deleteFrom('task_field_values')
      .where('field_id', '=', fieldId)
      .where('text_value', 'in', [...options])
      .execute();
  }

  /** Drops a task's choices of a field that are not among `options`. */
  async keepOptions(taskId: number, fieldId: number, options: readonly string[]): Promise<void> {
    await this.db
      .deleteFrom('task_field_values')
      .where('task_id', '=', taskId)
      .where('field_id', '=', fieldId)
      .where('text_value', 'not in', [...options])
      .execute();
  }

  /** One task's values of some fields, in the order they were written. */
  valuesOf(taskId: number, fieldIds: readonly number[]): Promise<TaskFieldValueRow[]> {
    if (fieldIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('task_field_values')
      .selectAll()
      .where('task_id', '=', taskId)
      .where('field_id', 'in', [...fieldIds])
      .orderBy('id')
      .execute();
  }

  /** Replaces a task's values of these fields with `rows`. */
  async replace(taskId: number, fieldIds: readonly number[], rows: readonly NewFieldValue[]): Promise<void> {
    if (fieldIds.length > 0)
      await this.db
        .deleteFrom('task_field_values')
        .where('task_id', '=', taskId)
        .where('field_id', 'in', [...fieldIds])
        .execute();
    await this.insertValues(rows);
  }

  async insertValues(rows: readonly NewFieldValue[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 100) {
      await this.db
        .insertInto('task_field_values')
        .values(rows.slice(i, i + 100))
        .execute();
    }
  }

  /** A copy of a task's values for another task of the same project (a duplicate). */
  async copyValues(fromTask: number, toTask: number): Promise<void> {
    await this.insertValues(
      (await this.allValuesOf([fromTask])).map(({ id: _, ...v }) => ({ ...v, task_id: toTask })),
    );
  }

  /** Every value of these tasks (copies, exports). */
  allValuesOf(taskIds: readonly number[]): Promise<TaskFieldValueRow[]> {
    if (taskIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('task_field_values')
      .selectAll()
      .where('task_id', 'in', [...taskIds])
      .orderBy('id')
      .execute();
  }

  /** Moves a task's value rows to other fields (a task moved between projects); drops the rest. */
  async remap(taskId: number, fieldMap: ReadonlyMap<number, number>): Promise<void> {
    for (const [from, to] of fieldMap) {
      await this.db
        .updateTable('task_field_values')
        .set({ field_id: to })
        .where('task_id', '=', taskId)
        .where('field_id', '=', from)
        .execute();
    }
    let drop = this.db.deleteFrom('task_field_values').where('task_id', '=', taskId);
    if (fieldMap.size > 0) drop = drop.where('field_id', 'not in', [...fieldMap.values()]);
    await drop.execute();
  }

  users(ids: readonly number[]): Promise<UserRow[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.usersById(ids);
  }
}
