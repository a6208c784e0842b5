/**
 * A task's custom field values as task writes change them (reference: the custom fields
 * contract): `prepare` checks a body's `custom_fields` before the write's transaction (30125 for a
 * field of another project, 30121/30122 for a bad value), `write` stores them inside it and records
 * each change in the task's activity under the field's title. A field the body leaves out keeps
 * its value; a body without the key keeps them all.
 */
import {
  type CustomFieldKind,
  CustomFieldValueError,
  hasOptions,
  type NormalCustomValue,
  readCustomFieldValue,
} from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, ProjectFieldRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { recordTaskChange } from '../activity/task-history.js';
import type { RightsService } from '../rights/service.js';
import { CustomFieldsRepo } from './repo.js';
import { fieldKind, fieldOptions, normalValue, valueRows } from './serialize.js';

/** One field's new value (null clears it). */
export interface PreparedFieldValue {
  field: ProjectFieldRow;
  value: NormalCustomValue | null;
}

export class TaskFieldValues {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rights: RightsService,
  ) {}

  /**
   * The body's values checked for a task of one of `projectIds` (the task's project, and the
   * project it moves to). Nothing (an empty list) when the body has no `custom_fields`.
   */
  async prepare(
    projectIds: readonly number[],
    body: Readonly<Record<string, unknown>> | null | undefined,
  ): Promise<PreparedFieldValue[]> {
    if (!body) return [];
    const keys = Object.keys(body);
    if (keys.length === 0) return [];
    const ids = keys.map((key) => (/^\d{1,9}$/.test(key) ? Number(key) : 0));
    const fields = new Map(
      (await new CustomFieldsRepo(this.db).findMany(ids.filter((id) => id > 0))).map((f) => [f.id, f]),
    );
    const prepared: PreparedFieldValue[] = [];
    for (const [i, key] of keys.entries()) {
      const field = fields.get(ids[i]);
      if (!field || !projectIds.includes(field.project_id)) throw fail('customFieldNotInProject', [key]);
      const rule = { title: field.title, kind: fieldKind(field), options: fieldOptions(field) };
      let value: NormalCustomValue | null;
      try {
        value = readCustomFieldValue(rule, body[key]);
      } catch (error) {
        if (error instanceof CustomFieldValueError) throw fail(error.key, error.params);
        throw error;
      }
      if (rule.kind === 'user' && value !== null) await this.demandUser(field, value as number);
      prepared.push({ field, value });
    }
    return prepared;
  }

  /** A `user` value names someone who exists and may see the field's project (else 30121). */
  private async demandUser(field: ProjectFieldRow, userId: number): Promise<void> {
    const [user] = await new CustomFieldsRepo(this.db).users([userId]);
    if (!user || (await this.rights.projectRight(userId, field.project_id)) === null)
      throw fail('customFieldValueInvalid', [field.title, 'a user who can see the project']);
  }

  /**
   * Writes the values of the fields of `projectId` among `values` for the task, recording each
   * change in its activity when `actorId` is given (an update; a new task records its creation).
   */
  async write(
    trx: Kysely<Database>,
    task: { id: number; project_id: number },
    values: readonly PreparedFieldValue[],
    actorId?: number,
  ): Promise<void> {
    const mine = values.filter((v) => v.field.project_id === task.project_id);
    if (mine.length === 0) return;
    const repo = new CustomFieldsRepo(trx);
    const fieldIds = mine.map((v) => v.field.id);
    const stored = await repo.valuesOf(task.id, fieldIds);
    const changed = mine.filter(({ field, value }) => {
      const before =
        normalValue(
          field.kind,
          stored.filter((r) => r.field_id === field.id),
        ) ?? null;
      return JSON.stringify(before) !== JSON.stringify(value);
    });
    if (changed.length === 0) return;
    await repo.replace(
      task.id,
      changed.map((v) => v.field.id),
      changed.flatMap(({ field, value }) => (value === null ? [] : valueRows(task.id, field.id, value))),
    );
    if (actorId === undefined) return;
    for (const { field, value } of changed) {
      const before =
        normalValue(
          field.kind,
          stored.filter((r) => r.field_id === field.id),
        ) ?? null;
      await recordTaskChange(trx, task, actorId, {
        field: field.title,
        before: await this.shown(trx, fieldKind(field), before),
        after: await this.shown(trx, fieldKind(field), value),
      });
    }
  }

  /** A value as the activity keeps it: a user by id and username. */
  private async shown(trx: Kysely<Database>, kind: CustomFieldKind, value: NormalCustomValue | null) {
    if (kind !== 'user' || value === null) return value;
    const [user] = await new CustomFieldsRepo(trx).users([value as number]);
    return { id: value, name: user?.username ?? '' };
  }

  /**
   * A task moved to another project keeps the values whose field has a field of the same title
   * (ignoring case) and kind there, now under that field; the others are dropped.
   */
  async move(trx: Kysely<Database>, taskId: number, fromProject: number, toProject: number): Promise<void> {
    const repo = new CustomFieldsRepo(trx);
    const target = await repo.ofProject(toProject);
    const map = fieldMap(await repo.ofProject(fromProject), target);
    await repo.remap(taskId, map);
    // Choices the new field does not offer are dropped.
    for (const field of target) {
      if (map.size > 0 && [...map.values()].includes(field.id) && hasOptions(fieldKind(field)))
        await repo.keepOptions(taskId, field.id, fieldOptions(field));
    }
  }
}

/** Which field of `to` stands for each field of `from`: the same title (ignoring case) and kind. */
export function fieldMap(
  from: readonly ProjectFieldRow[],
  to: readonly ProjectFieldRow[],
): Map<number, number> {
  const byTitle = new Map(to.map((f) => [`${f.kind}\n${f.title.toLowerCase()}`, f.id]));
  const map = new Map<number, number>();
  for (const field of from) {
    const target = byTitle.get(`${field.kind}\n${field.title.toLowerCase()}`);
    if (target !== undefined) map.set(field.id, target);
  }
  return map;
}
