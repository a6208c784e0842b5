/**
 * A task's custom field values kept apart from its project (a task template): each by its field's
 * title and kind, so that a task made from it in any project takes the values its fields of the
 * same title and kind can hold. `user` values are not kept, as templates keep no people.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { CustomFieldsRepo } from './repo.js';
import { fieldOptions } from './serialize.js';

export interface SavedFieldValue {
  title: string;
  kind: string;
  values: { num_value: number | null; text_value: string | null }[];
}

export async function savedFieldValues(
  db: Kysely<Database>,
  task: { id: number; project_id: number },
): Promise<SavedFieldValue[]> {
  const repo = new CustomFieldsRepo(db);
  const [fields, values] = await Promise.all([repo.ofProject(task.project_id), repo.allValuesOf([task.id])]);
  return fields
    .filter((f) => f.kind !== 'user')
    .map((f) => ({
      title: f.title,
      kind: f.kind,
      values: values
        .filter((v) => v.field_id === f.id)
        .map(({ num_value, text_value }) => ({ num_value, text_value })),
    }))
    .filter((f) => f.values.length > 0);
}

/** Writes saved values into the fields of the task's project that match them (choices it offers). */
export async function writeSavedFieldValues(
  trx: Kysely<Database>,
  task: { id: number; project_id: number },
  saved: readonly SavedFieldValue[],
): Promise<void> {
  if (saved.length === 0) return;
  const repo = new CustomFieldsRepo(trx);
  const fields = await repo.ofProject(task.project_id);
  for (const entry of saved) {
    const field = fields.find(
      (f) => f.kind === entry.kind && f.title.toLowerCase() === entry.title.toLowerCase(),
    );
    if (!field) continue;
    const options = fieldOptions(field);
    const rows = entry.values.filter(
      (v) => !(field.kind === 'choice' || field.kind === 'choices') || options.includes(v.text_value ?? ''),
    );
    await repo.insertValues(rows.map((v) => ({ ...v, task_id: task.id, field_id: field.id })));
  }
}
