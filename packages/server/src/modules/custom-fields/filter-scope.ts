/**
 * The custom fields a filter may name: those of the projects a list covers (the project or view
 * listed; every project the caller can read for saved filters and cross-project lists). Titles
 * match ignoring case; several projects may each have a field of one title, and a condition on
 * it reads all of them that share the first one's filter kind.
 */
import { CUSTOM_FIELD_FILTER_KINDS, type CustomFilterFields, customFilterFields } from '@ordo/core';
import type { ProjectFieldRow } from '../../db/schema.js';
import type { RightsService } from '../rights/service.js';
import type { CustomFieldsRepo } from './repo.js';
import { fieldKind } from './serialize.js';

export class CustomFieldScope {
  static readonly EMPTY = new CustomFieldScope([]);
  /** Lower-cased title → filter kind, as the parser takes it. */
  readonly filterFields: CustomFilterFields;
  private readonly ids = new Map<string, number[]>();

  constructor(rows: readonly ProjectFieldRow[]) {
    const typed = rows.map((row) => ({ id: row.id, title: row.title, kind: fieldKind(row) }));
    this.filterFields = customFilterFields(typed);
    for (const field of typed) {
      const title = field.title.toLowerCase();
      if (CUSTOM_FIELD_FILTER_KINDS[field.kind] !== this.filterFields.get(title)) continue;
      const list = this.ids.get(title);
      if (list) list.push(field.id);
      else this.ids.set(title, [field.id]);
    }
  }

  /** The ids of the fields a condition on this (lower-cased) title reads. */
  idsOf(title: string): number[] {
    return this.ids.get(title) ?? [];
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
