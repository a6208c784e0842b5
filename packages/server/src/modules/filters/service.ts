/**
 * Saved filters (reference §2.9, §4.9): CRUD for their owner only, the pseudo projects they show
 * as in `/projects`, and the conditions their tasks are listed with. Link shares get 11002.
 */
import { isLinkShareId, Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, SavedFilterRow } from '../../db/schema.js';
import { fail, invalidFields } from '../../http/api-error.js';
import type { CustomFieldScope, CustomFieldScopes } from '../custom-fields/filter-scope.js';
import { titleProblem } from '../input/fields.js';
import type { SerializedProject } from '../projects/serialize.js';
import type { ProjectInput } from '../projects/service.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import type { TaskSearch } from '../search/task-search-repo.js';
import type { TaskFilterTranslator } from '../tasks/filter-sql.js';
import { readSort, type SortParam } from '../tasks/list-params.js';
import type { TaskCondition } from '../tasks/task-condition.js';
import { createDefaultViews } from '../views/defaults.js';
import type { ViewsRepo } from '../views/repo.js';
import {
  DEFAULT_SAVED_FILTER,
  parseStoredSavedFilter,
  readSavedFilterObject,
  type SavedFilterObject,
} from './filters-object.js';
import type { SavedFiltersRepo } from './repo.js';
import {
  type SerializedSavedFilter,
  savedFilterIdOf,
  savedFilterProject,
  savedFilterProjectId,
  serializeSavedFilter,
} from './serialize.js';

export interface SavedFilterInput {
  title?: string;
  description?: string;
  filters?: unknown;
  is_favorite?: boolean;
}

/** What a task list through a saved filter adds: its conditions (ANDed) and its order. */
export interface SavedFilterScope {
  conditions: TaskCondition[];
  sort: SortParam[];
}

/** A filter value as typed: quoted (with escapes) only when it holds filter syntax. */
function filterValue(text: string): string {
  return /[&|()'"\\\s]/.test(text) ? `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'` : text;
}

export class SavedFiltersService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly filters: SavedFiltersRepo,
    private readonly views: ViewsRepo,
    private readonly translator: TaskFilterTranslator,
    private readonly search: TaskSearch,
    /** A saved filter may name the custom fields of every project its owner reads. */
    private readonly fieldScopes?: CustomFieldScopes,
  ) {}

  async create(userId: number, input: SavedFilterInput): Promise<SerializedSavedFilter> {
    this.refuseLinkShare(userId);
    const title = this.checkTitle(input.title);
    const filters = await this.checkFilters(
      userId,
      readSavedFilterObject(input.filters) ?? DEFAULT_SAVED_FILTER,
    );
    const row = await this.db.transaction().execute((trx) =>
      this.insertWithViews(trx, userId, {
        title,
        description: sanitizeRichText(input.description),
        filters,
        is_favorite: input.is_favorite === true,
      }),
    );
    return serializeSavedFilter(row, await this.filters.user(userId));
  }

  /** Every new user gets "My Open Tasks": their undone assigned tasks (reference §2.2, §4.13). */
  async createMyOpenTasks(trx: Kysely<Database>, userId: number): Promise<void> {
    const user = await this.filters.with(trx).user(userId);
    if (!user) return;
    await this.insertWithViews(trx, userId, {
      title: 'My Open Tasks',
      description: '',
      filters: {
        ...DEFAULT_SAVED_FILTER,
        filter: `done = false && assignees = ${filterValue(user.username)}`,
        filter_include_nulls: false,
      },
      is_favorite: false,
    });
  }

  async read(userId: number, filterId: number): Promise<SerializedSavedFilter> {
    const row = await this.owned(userId, filterId);
    return serializeSavedFilter(row, await this.filters.user(row.owner_id));
  }

  /** Title, description and favourite are replaced; omitted `filters` keep the stored ones. */
  async update(userId: number, filterId: number, input: SavedFilterInput): Promise<SerializedSavedFilter> {
    const row = await this.owned(userId, filterId);
    const title = this.checkTitle(input.title);
    const sent = readSavedFilterObject(input.filters);
    const filters = sent ? await this.checkFilters(userId, sent) : undefined;
    await this.filters.update(filterId, {
      title,
      description: sanitizeRichText(input.description),
      is_favorite: input.is_favorite === true,
      ...(filters ? { filters: JSON.stringify(filters) } : {}),
    });
    return this.read(userId, row.id);
  }

  async delete(userId: number, filterId: number): Promise<void> {
    await this.owned(userId, filterId);
    await this.filters.delete(filterId);
  }

  /** The caller's saved filters as pseudo projects for `GET /projects` (none for link shares). */
  async pseudoProjects(userId: number, search: string | undefined, expandRights: boolean) {
    if (isLinkShareId(userId)) return [];
    const rows = await this.filters.listOwned(userId, search);
    if (rows.length === 0) return [];
    const [owner, views] = await Promise.all([
      this.filters.user(userId),
      this.views.listForProjects(rows.map((r) => savedFilterProjectId(r.id))),
    ]);
    return rows.map((row) =>
      savedFilterProject(
        row,
        owner,
        views.filter((v) => v.project_id === savedFilterProjectId(row.id)),
        expandRights ? Right.admin : null,
      ),
    );
  }

  /** `GET /projects/-(n+1)`: the owner has admin on it. */
  async readProject(
    userId: number,
    projectId: number,
  ): Promise<{ project: SerializedProject; right: Right }> {
    const row = await this.ownedProject(userId, projectId);
    const [owner, views] = await Promise.all([
      this.filters.user(userId),
      this.views.listForProjects([projectId]),
    ]);
    return { project: savedFilterProject(row, owner, views, null), right: Right.admin };
  }

  /** `POST /projects/-(n+1)` updates the filter's title, description and favourite flag. */
  async updateFromProject(
    userId: number,
    projectId: number,
    input: ProjectInput,
  ): Promise<SerializedProject> {
    const row = await this.ownedProject(userId, projectId);
    await this.filters.update(row.id, {
      title: this.checkTitle(input.title),
      ...(input.description ? { description: sanitizeRichText(input.description) } : {}),
      is_favorite: input.is_favorite === true,
    });
    return (await this.readProject(userId, projectId)).project;
  }

  async deleteFromProject(userId: number, projectId: number): Promise<void> {
    const row = await this.ownedProject(userId, projectId);
    await this.filters.delete(row.id);
  }

  /** Views of a pseudo project are managed by the filter's owner alone. */
  async demandViewAccess(userId: number, projectId: number): Promise<void> {
    await this.ownedProject(userId, projectId);
  }

  /** The saved filter's conditions and order for a task list through its pseudo project. */
  async listScope(userId: number, projectId: number, fields?: CustomFieldScope): Promise<SavedFilterScope> {
    const row = await this.ownedProject(userId, projectId);
    const f = parseStoredSavedFilter(row.filters);
    // Without its own time zone a saved filter reads dates in its owner's (reference §4.1).
    const zone = f.filter_timezone || (await this.filters.user(row.owner_id))?.timezone || 'UTC';
    const conditions = this.translator.translate(f.filter, f.filter_include_nulls, zone, fields);
    const text = f.s.trim();
    if (text) conditions.push((eb) => this.search.condition(eb, text));
    return { conditions, sort: readSort({ sort_by: f.sort_by ?? [], order_by: f.order_by ?? [] }) };
  }

  private async insertWithViews(
    trx: Kysely<Database>,
    userId: number,
    fields: { title: string; description: string; filters: SavedFilterObject; is_favorite: boolean },
  ): Promise<SavedFilterRow> {
    const created = await this.filters.with(trx).insert({
      owner_id: userId,
      ...fields,
      filters: JSON.stringify(fields.filters),
    });
    // Like a project, a saved filter gets List, Gantt, Table and Kanban views (reference §2.9),
    // but its List view shows done tasks too (§4.13).
    await createDefaultViews(this.views.with(trx), savedFilterProjectId(created.id), userId, {
      hideDoneInList: false,
    });
    return created;
  }

  private async ownedProject(userId: number, projectId: number): Promise<SavedFilterRow> {
    const filterId = savedFilterIdOf(projectId);
    if (filterId === null) throw fail('savedFilterDoesNotExist');
    return this.owned(userId, filterId);
  }

  private async owned(userId: number, filterId: number): Promise<SavedFilterRow> {
    this.refuseLinkShare(userId);
    const row = await this.filters.find(filterId);
    if (!row) throw fail('savedFilterDoesNotExist');
    if (row.owner_id !== userId) throw fail('forbidden');
    return row;
  }

  private refuseLinkShare(userId: number): void {
    if (isLinkShareId(userId)) throw fail('savedFilterNotForLinkShare');
  }

  private checkTitle(title: string | undefined): string {
    const value = title ?? '';
    const problem = titleProblem(value);
    if (problem) throw invalidFields([problem]);
    return value;
  }

  /**
   * Sort fields and orders (4016/4014) and the filter text (4016–4024); the time zone (2003) was
   * checked as the object was read.
   */
  private async checkFilters(userId: number, f: SavedFilterObject): Promise<SavedFilterObject> {
    readSort({ sort_by: f.sort_by ?? [], order_by: f.order_by ?? [] });
    const fields = f.filter.trim() ? await this.fieldScopes?.readableBy(userId) : undefined;
    this.translator.translate(f.filter, f.filter_include_nulls, f.filter_timezone || 'UTC', fields);
    return f;
  }
}
