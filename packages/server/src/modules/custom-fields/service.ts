/**
 * Custom field definitions: listed with read on the project, defined, changed and deleted with the
 * right that edits the project (write). Link shares may list their own project's fields and never
 * define them (the routes refuse them). A field of another project answers 30120, as one that
 * never existed.
 */
import {
  type CustomField,
  type CustomFieldBody,
  type CustomFieldDefinition,
  customFieldDefinitionProblem,
  hasOptions,
  isCustomFieldKind,
  nowIso,
  Right,
} from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, ProjectFieldRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { CustomFieldsRepo } from './repo.js';
import { fieldOptions, serializeField } from './serialize.js';

/** Told after a definition change committed (live clients reload the project's fields). */
export type FieldsChanged = (userId: number, projectId: number) => void;

export class CustomFieldsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: CustomFieldsRepo,
    private readonly access: ProjectAccess,
    private readonly changed: FieldsChanged = () => {},
  ) {}

  async list(userId: number, projectId: number): Promise<CustomField[]> {
    await this.demandProject(userId, projectId, Right.read);
    return (await this.repo.ofProject(projectId)).map(serializeField);
  }

  async create(userId: number, projectId: number, body: CustomFieldBody): Promise<CustomField> {
    await this.demandProject(userId, projectId, Right.write);
    const title = (body.title ?? '').trim();
    const kind = body.kind ?? '';
    const options = body.options ?? [];
    this.demandValid({ title, kind, options, showOnCards: body.show_on_cards });
    const row = await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.with(trx);
      demandTitleFree(await repo.ofProject(projectId), title);
      const now = nowIso();
      return repo.insert({
        project_id: projectId,
        title,
        kind,
        options: JSON.stringify(hasOptions(kind as never) ? options : []),
        position: body.position ?? (await repo.lastPosition(projectId)) + 1,
        show_on_cards: body.show_on_cards === true,
        created: now,
        updated: now,
      });
    });
    this.changed(userId, projectId);
    return serializeField(row);
  }

  /**
   * Changes the title, options, position or whether cards show it (what the body names). Options
   * taken away are taken off every task's value in the same transaction.
   */
  async update(
    userId: number,
    projectId: number,
    fieldId: number,
    body: CustomFieldBody,
  ): Promise<CustomField> {
    const field = await this.demandField(userId, projectId, fieldId, Right.write);
    if (body.kind !== undefined && body.kind !== field.kind) throw fail('customFieldKindFixed');
    const title = body.title === undefined ? field.title : body.title.trim();
    const before = fieldOptions(field);
    const options = body.options === undefined || body.options === null ? before : body.options;
    this.demandValid({ title, kind: field.kind, options, showOnCards: body.show_on_cards });
    const removed = before.filter((o) => !options.includes(o));
    await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.with(trx);
      const others = (await repo.ofProject(projectId)).filter((f) => f.id !== fieldId);
      demandTitleFree(others, title);
      await repo.update(fieldId, {
        title,
        options: JSON.stringify(options),
        position: body.position ?? field.position,
        show_on_cards: (body.show_on_cards as boolean | undefined) ?? field.show_on_cards,
        updated: nowIso(),
      });
      await repo.removeOptions(fieldId, removed);
    });
    this.changed(userId, projectId);
    return serializeField((await this.repo.find(fieldId))!);
  }

  /** Deletes the field and every task's value of it. */
  async delete(userId: number, projectId: number, fieldId: number): Promise<void> {
    await this.demandField(userId, projectId, fieldId, Right.write);
    await this.db.transaction().execute((trx) => this.repo.with(trx).delete(fieldId));
    this.changed(userId, projectId);
  }

  private async demandProject(userId: number, projectId: number, needed: Right): Promise<void> {
    if (projectId < 0) throw fail('projectDoesNotExist');
    await this.access.demand(userId, projectId, needed);
  }

  /** The field, once the caller's right on the project holds; 30120 when it is not the project's. */
  private async demandField(
    userId: number,
    projectId: number,
    fieldId: number,
    needed: Right,
  ): Promise<ProjectFieldRow> {
    await this.demandProject(userId, projectId, needed);
    const field = await this.repo.find(fieldId);
    if (!field || field.project_id !== projectId) throw fail('customFieldDoesNotExist');
    return field;
  }

  private demandValid(definition: CustomFieldDefinition): void {
    const problem = customFieldDefinitionProblem(definition);
    if (problem) throw fail('customFieldDefinitionInvalid', [problem]);
    const { kind } = definition;
    if (!isCustomFieldKind(kind)) throw fail('customFieldDefinitionInvalid', [`"${kind}" is not a kind`]);
  }
}

/** 30123 when another field of the project has the title (ignoring case). */
function demandTitleFree(fields: readonly ProjectFieldRow[], title: string): void {
  const lower = title.toLowerCase();
  if (fields.some((f) => f.title.toLowerCase() === lower))
    throw fail('customFieldDefinitionInvalid', [`the project has a field titled "${title}" already`]);
}
