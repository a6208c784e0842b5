/**
 * Custom fields from an import (a Vikunja-format export made by Ordo, whose projects carry their
 * definitions and tasks their values as extra keys): definitions that break a rule are left out,
 * as are values that do not fit their field. `user` values are not taken: the people of another
 * instance are not this one's.
 */
import {
  customFieldDefinitionProblem,
  hasOptions,
  isCustomFieldKind,
  type NormalCustomValue,
  nowIso,
  readCustomFieldValue,
} from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, ProjectFieldRow } from '../../db/schema.js';
import { CustomFieldsRepo } from './repo.js';
import { fieldKind, fieldOptions, valueRows } from './serialize.js';

export interface ImportedField {
  key: string;
  title: string;
  kind: string;
  options: string[];
  /** Whether cards show it; an export made before the flag has none (false). */
  showOnCards: boolean;
}

export interface ImportedValue {
  fieldKey: string;
  value: unknown;
}

/**
 * The project's fields for the imported ones, by source key: a field of the same title and kind
 * the project has already, or a new one.
 */
export async function importFields(
  trx: Kysely<Database>,
  projectId: number,
  imported: readonly ImportedField[],
): Promise<Map<string, ProjectFieldRow>> {
  const out = new Map<string, ProjectFieldRow>();
  if (imported.length === 0) return out;
  const repo = new CustomFieldsRepo(trx);
  const fields = await repo.ofProject(projectId);
  let position = await repo.lastPosition(projectId);
  for (const field of imported) {
    const title = field.title.trim();
    const same = fields.find((f) => f.title.toLowerCase() === title.toLowerCase());
    if (same) {
      if (same.kind === field.kind) out.set(field.key, same);
      continue;
    }
    const options = isCustomFieldKind(field.kind) && hasOptions(field.kind) ? field.options : [];
    if (customFieldDefinitionProblem({ title, kind: field.kind, options })) continue;
    const now = nowIso();
    const row = await repo.insert({
      project_id: projectId,
      title,
      kind: field.kind,
      options: JSON.stringify(options),
      position: ++position,
      show_on_cards: field.showOnCards,
      created: now,
      updated: now,
    });
    fields.push(row);
    out.set(field.key, row);
  }
  return out;
}

/** A task's imported values, each checked against its field (those that do not fit are left out). */
export async function importValues(
  trx: Kysely<Database>,
  taskId: number,
  values: readonly ImportedValue[],
  fields: ReadonlyMap<string, ProjectFieldRow>,
): Promise<void> {
  const rows = values.flatMap(({ fieldKey, value }) => {
    const field = fields.get(fieldKey);
    if (!field || field.kind === 'user') return [];
    let normal: NormalCustomValue | null;
    try {
      normal = readCustomFieldValue(
        { title: field.title, kind: fieldKind(field), options: fieldOptions(field) },
        value,
      );
    } catch {
      return [];
    }
    return normal === null ? [] : valueRows(taskId, field.id, normal);
  });
  await new CustomFieldsRepo(trx).insertValues(rows);
}
