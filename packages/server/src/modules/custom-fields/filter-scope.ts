/**
 * The custom fields a filter may name: those of the projects a list covers (the project or view
 * listed; every project the caller can read for saved filters and cross-project lists). Titles
 * match ignoring case; several projects may each have a field of one title, and a condition on
 * it reads all of them that share the first one's filter kind.
 */
import {
  CUSTOM_FIELD_FILTER_KINDS,
  type CustomFieldKind,
  type CustomFilterFields,
  customFilterFields,
} from '@ordo/core';
import type { ProjectFieldRow } from '../../db/schema.js';
import type { RightsService } from '../rights/service.js';
import type { CustomFieldsRepo } from './repo.js';
import { fieldKind } from './serialize.js';

export interface ScopedField {
  id: number;
  projectId: number;
  kind: CustomFieldKind;
}

export class CustomFieldScope {
  static readonly EMPTY = new CustomFieldScope([]);
  /** Lower-cased title → filter kind, as the parser takes it. */
  readonly filterFields: CustomFilterFields;
  private readonly fields = new Map<string, ScopedField[]>();
  private signature: string | undefined;

  constructor(private readonly rows: readonly ProjectFieldRow[]) {
    const typed = rows.map((row) => ({ ...row, kind: fieldKind(row) }));
    this.filterFields = customFilterFields(typed);
    for (const field of typed) {
      const title = field.title.toLowerCase();
      if (CUSTOM_FIELD_FILTER_KINDS[field.kind] !== this.filterFields.get(title)) continue;
      const scoped = { id: field.id, projectId: field.project_id, kind: field.kind };
      const list = this.fields.get(title);
      if (list) list.push(scoped);
      else this.fields.set(title, [scoped]);
    }
  }

  /** The ids of the fields a condition on this (lower-cased) title reads. */
  idsOf(title: string): number[] {
    return this.fieldsOf(title).map((f) => f.id);
  }

  /** The fields a condition on this (lower-cased) title reads, with their projects and kinds. */
  fieldsOf(title: string): readonly ScopedField[] {
    return this.fields.get(title) ?? [];
  }

  /** Built from the same field rows, every column alike: a filter reads the same with either. */
  sameAs(other: CustomFieldScope): boolean {
    if (other === this) return true;
    if (other.rows.length !== this.rows.length) return false;
    this.signature ??= JSON.stringify(this.rows);
    other.signature ??= JSON.stringify(other.rows);
    return this.signature === other.signature;
  }
}

export class CustomFieldScopes {
  constructor(
    private readonly repo: CustomFieldsRepo,
    private readonly rights: RightsService,
  ) {}

  /** The fields of one project, or for a pseudo project (a saved filter), of every project the user reads. */
  async forProject(userId: number, projectId: number): Promise<CustomFieldScope> {
    return projectId > 0
      ? new CustomFieldScope(await this.repo.ofProject(projectId))
      : this.readableBy(userId);
  }

  async readableBy(userId: number): Promise<CustomFieldScope> {
    return new CustomFieldScope(await this.repo.ofProjects(this.rights.visibleProjectIds(userId)));
  }

  /** Are these fields all of projects the user can read? (`sort_by=field_<id>`) */
  async allReadable(userId: number, fieldIds: readonly number[]): Promise<boolean> {
    if (fieldIds.length === 0) return true;
    const found = await this.repo.readableAmong(fieldIds, this.rights.visibleProjectIds(userId));
    return found === new Set(fieldIds).size;
  }
}
